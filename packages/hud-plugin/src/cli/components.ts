import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { decideComponent, reviewComponents, SHORT_HASH, type ReviewedFile } from "../component-files/review.ts";
import type { CliIO } from "./main.ts";

export const COMPONENTS_USAGE = `usage: agent-hud components [list]
       agent-hud components accept <file> <hash> | reject <file> [<hash>]

Every component file renders in the sandbox; what it renders reaches the agent. A file in the project's
.opencode/hud/ (cloned, pulled, written by the agent) or in your global hud folder (the agent can write
there too) reaches it only once you accept the content you read. list: every component file, its state and
the hash of its content (a hard link or a link out of its folder is refused, with why); accept: let this
content render (refused if the file no longer has this hash); reject: keep it out. A later edit waits
again. Your decisions are kept in \${XDG_STATE_HOME:-~/.local/state}/agent-hud/, which no option moves.`;

const line = (f: ReviewedFile) =>
  f.state === "refused"
    ? `${f.state.padEnd(9)} ${"-".repeat(SHORT_HASH)}  ${f.display}  (${f.reason})`
    : `${f.state.padEnd(9)} ${f.sha256.slice(0, SHORT_HASH)}  ${f.display}  (${f.bytes} bytes)`;

/** The folder whose `.opencode/hud/` holds the components: the nearest up to the repository's top. */
function projectDir(cwd: string): string {
  for (let dir = resolve(cwd); ;) {
    if (existsSync(join(dir, ".opencode", "hud"))) return dir;
    const up = dirname(dir);
    if (existsSync(join(dir, ".git")) || up === dir) return cwd;
    dir = up;
  }
}

/** `agent-hud components …` for the project opencode runs in (found from the current directory). */
export function runComponents(argv: string[], io: CliIO): number {
  const env = io.env ?? process.env;
  const [action = "list", file, ...extra] = argv;
  try {
    if (action === "--help" || action === "help") {
      io.out(`${COMPONENTS_USAGE}\n`);
      return 0;
    }
    if (action === "list" && file === undefined) {
      const files = reviewComponents(projectDir(io.cwd), { env });
      if (files.length === 0) io.out("no component files\n");
      for (const f of files) io.out(`${line(f)}\n`);
      return 0;
    }
    if ((action === "accept" || action === "reject") && file !== undefined && extra.length <= 1) {
      const decision = action === "accept" ? "accepted" : "rejected";
      const when = io.now?.() ?? Date.now();
      const done = decideComponent(projectDir(io.cwd), file, decision, extra[0], when, { env }, io.cwd);
      io.out(
        `${decision} ${done.display} (sha256 ${done.sha256.slice(0, SHORT_HASH)})${decision === "accepted" ? "; it renders from the agent's next call" : ""}\n`,
      );
      return 0;
    }
    throw new Error(`unexpected ${argv.join(" ") || "(nothing)"}`);
  } catch (error) {
    io.err(`agent-hud components: ${(error as Error).message.split("\n")[0]}\n${COMPONENTS_USAGE}\n`);
    return 2;
  }
}
