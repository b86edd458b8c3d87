import { HudBoard } from "../store/board.ts";
import { storageDirFor } from "../config/storage-dir.ts";
import { projectKeyFor } from "../store/validate.ts";
import { sidebarRows, type ViewState } from "../board/sidebar-rows.ts";
import { ansiText } from "./ansi.ts";
import { parseCliArgs, USAGE, type CliArgs } from "./args.ts";
import { runComponents } from "./components.ts";
import { runCache } from "./cache.ts";
import { DATA_USAGE, runData, runPurge } from "./data-commands.ts";
import { opencodeVersion, runDoctor } from "./doctor.ts";
import { worktreeOf } from "./project.ts";
import { runStatusline } from "./statusline.ts";
import { runSwitch } from "./switch.ts";

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
  /** NO_COLOR, FORCE_COLOR and the folders the data folder is found from; the process's own by default. */
  env?: Record<string, string | undefined>;
  now?: () => number;
  /** How `doctor` asks for opencode's version (runs `opencode --version` by default). */
  opencodeVersion?: () => string | undefined;
};

/** `data` and `purge`: what is stored, and removing it; `--storage-dir` as for the HUD itself. */
function dataCommand(command: "data" | "purge", argv: string[], io: CliIO): number {
  const at = argv.indexOf("--storage-dir");
  const dir = at >= 0 && argv[at + 1] ? argv[at + 1]! : storageDirFor(worktreeOf(io.cwd), undefined, io.env);
  const rest = at >= 0 ? [...argv.slice(0, at), ...argv.slice(at + 2)] : argv;
  try {
    if (command === "data") {
      if (rest.length) throw new Error(`unexpected ${rest.join(" ")}`);
      return runData(dir, io.cwd, io);
    }
    return runPurge(rest, dir, io.cwd, io.now?.() ?? Date.now(), io);
  } catch (error) {
    io.err(`agent-hud ${command}: ${(error as Error).message.split("\n")[0]}\n${DATA_USAGE}\n`);
    return 2;
  }
}

const CLEAR = "\x1b[H\x1b[2J";

/** The HUD outside the TUI: prints it once, or again on every change with `--watch`. Returns the exit code. */
export async function runCli(io: CliIO): Promise<number> {
  const [command, ...rest] = io.argv;
  if (command === "data" || command === "purge") return dataCommand(command, rest, io);
  if (command === "components") return runComponents(rest, io);
  if (command === "cache") return runCache(rest, io);
  if (command === "statusline") return runStatusline(io);
  if (command === "off" || command === "on") return runSwitch(command, rest, io);
  if (command === "doctor")
    return runDoctor(io.cwd, io.env ?? process.env, {
      out: io.out,
      opencodeVersion: io.opencodeVersion ?? opencodeVersion,
    });
  const args = parseCliArgs(io.argv, { cwd: io.cwd, columns: io.columns, tty: io.tty, env: io.env });
  if ("error" in args) {
    if (args.error) io.err(`agent-hud: ${args.error}\n`);
    io.err(`${USAGE}\n`);
    return args.error ? 2 : 0;
  }
  const board = HudBoard.open(
    args.storageDir ?? storageDirFor(worktreeOf(args.project), undefined, io.env),
    (_level, message) => io.err(`${message}\n`),
  );
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
  if (!sessionID) {
    if (args.markdown || !board.isProjectOff(projectKey)) return undefined;
    return ansiText(sidebarRows({ status: "off", shown: undefined, off: true, by: "project" }, args.width), args.color);
  }
  const shown = board.latest(sessionID, args.received ? "received" : "current") ?? board.latest(sessionID, "received");
  // a session named on the command line may be another project's: its own renders say which
  const by = board.offBy(sessionID, args.session ? undefined : projectKey);
  if (!shown && !by) return undefined;
  if (args.markdown) return shown ? shown.markdown.trimEnd() : "";
  const view: ViewState = by ? { status: "off", shown, off: true, by } : { status: "shown", shown: shown!, off: false };
  const header = [[{ text: `session ${sessionID}`, style: { role: "muted" as const } }]];
  return ansiText([...header, ...sidebarRows(view, args.width)], args.color);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });
}
