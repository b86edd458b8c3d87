// Entry of the status-line command (bundled as `scripts/statusline-command.js` in the Claude Code plugin root,
// run by `scripts/statusline.sh`): what `agent-hud statusline` prints, for a person who installed only the plugin.
import { readAll, statusLine } from "./statusline.ts";

process.stdout.write(`${statusLine(await readAll(process.stdin), process.env, process.stdout.columns ?? 120)}\n`);
