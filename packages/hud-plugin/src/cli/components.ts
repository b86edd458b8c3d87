import { storageDirFor } from "../config/storage-dir.ts";
import { decideComponent, reviewComponents, type ReviewedFile } from "../custom/review.ts";
import type { CliIO } from "./main.ts";

export const COMPONENTS_USAGE = `usage: agent-hud components [list] [--storage-dir <dir>]
       agent-hud components accept <file> | reject <file> [--storage-dir <dir>]

A component file (.opencode/hud/ or the global hud folder) created or changed while opencode runs does not
run until you accept its content. list: every component file and its state; accept: let this content run
(from the agent's next call); reject: keep it out and stop the notice. A later edit waits again.`;

const line = (f: ReviewedFile) =>
  `${f.state.padEnd(16)} ${f.display}  (${f.bytes} bytes, sha256 ${f.sha256.slice(0, 12)})`;

/** `agent-hud components …` for the project opencode runs in (the current directory). */
export function runComponents(argv: string[], io: CliIO): number {
  const at = argv.indexOf("--storage-dir");
  const rest = at >= 0 ? [...argv.slice(0, at), ...argv.slice(at + 2)] : argv;
  const dataDir = at >= 0 && argv[at + 1] ? argv[at + 1]! : storageDirFor(io.cwd, undefined, io.env);
  const env = io.env ?? process.env;
  const [action = "list", file, ...extra] = rest;
  try {
    if (action === "--help" || action === "help") {
      io.out(`${COMPONENTS_USAGE}\n`);
      return 0;
    }
    if (action === "list" && file === undefined) {
      const files = reviewComponents(io.cwd, dataDir, { env });
      if (files.length === 0) io.out("no component files\n");
      for (const f of files) io.out(`${line(f)}\n`);
      return 0;
    }
    if ((action === "accept" || action === "reject") && file !== undefined && extra.length === 0) {
      const decision = action === "accept" ? "accepted" : "rejected";
      const done = decideComponent(io.cwd, dataDir, file, decision, io.now?.() ?? Date.now(), { env }, io.cwd);
      io.out(
        `${decision} ${done.display} (sha256 ${done.sha256.slice(0, 12)})${decision === "accepted" ? "; it runs from the agent's next call" : ""}\n`,
      );
      return 0;
    }
    throw new Error(`unexpected ${rest.join(" ") || "(nothing)"}`);
  } catch (error) {
    io.err(`agent-hud components: ${(error as Error).message.split("\n")[0]}\n${COMPONENTS_USAGE}\n`);
    return 2;
  }
}
