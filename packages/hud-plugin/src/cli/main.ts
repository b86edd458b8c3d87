import { HudBoard } from "../board/board.ts";
import { defaultDir } from "../store/paths.ts";
import { projectKeyFor } from "../store/validate.ts";
import { sidebarRows, type ViewState } from "../tui/sidebar-rows.ts";
import { ansiText } from "./ansi.ts";
import { parseCliArgs, USAGE, type CliArgs } from "./args.ts";
import { worktreeOf } from "./project.ts";

export type CliIO = {
  argv: string[];
  cwd: string;
  columns?: number;
  tty: boolean;
  out: (text: string) => void;
  err: (text: string) => void;
  /** Ends `--watch` (Ctrl-C in the real command). */
  signal?: AbortSignal;
  pollMs?: number;
};

const CLEAR = "\x1b[H\x1b[2J";

/** The HUD outside the TUI: prints it once, or again on every change with `--watch`. Returns the exit code. */
export async function runCli(io: CliIO): Promise<number> {
  const args = parseCliArgs(io.argv, { cwd: io.cwd, columns: io.columns, tty: io.tty });
  if ("error" in args) {
    if (args.error) io.err(`agent-hud: ${args.error}\n`);
    io.err(`${USAGE}\n`);
    return args.error ? 2 : 0;
  }
  const board = HudBoard.open(args.storageDir ?? defaultDir(), (_level, message) => io.err(`${message}\n`));
  try {
    const projectKey = projectKeyFor(worktreeOf(args.project));
    let last: string | undefined;
    const print = (): boolean => {
      const text = render(board, args, projectKey);
      if (text === undefined) return false;
      if (text !== last) io.out(`${args.watch && args.color ? CLEAR : last !== undefined ? "\n" : ""}${text}\n`);
      last = text;
      return true;
    };
    if (!args.watch) {
      if (print()) return 0;
      io.err(`agent-hud: no HUD recorded yet for ${args.session ?? `the project at ${args.project}`}\n`);
      return 1;
    }
    let version = Number.NaN;
    while (!io.signal?.aborted) {
      const now = board.version();
      if (now !== version) {
        version = now;
        if (!print() && last === undefined) {
          io.out(`waiting for a HUD of ${args.session ?? "this project"}…\n`);
          last = "";
        }
      }
      await sleep(io.pollMs ?? 250, io.signal);
    }
    return 0;
  } finally {
    board.close();
  }
}

function render(board: HudBoard, args: CliArgs, projectKey: string): string | undefined {
  const sessionID = args.session ?? board.latestSession(projectKey);
  if (!sessionID) return undefined;
  const shown = board.shown(sessionID, args.received ? "received" : "current") ?? board.shown(sessionID, "received");
  const off = board.isOff(sessionID);
  if (!shown && !off) return undefined;
  if (args.markdown) return shown ? shown.markdown.trimEnd() : "";
  const view: ViewState = off ? { status: "off", shown, off: true } : { status: "shown", shown: shown!, off: false };
  const header = [[{ text: `session ${sessionID}`, style: { role: "muted" as const } }]];
  return ansiText([...header, ...sidebarRows(view, args.width)], args.color);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });
}
