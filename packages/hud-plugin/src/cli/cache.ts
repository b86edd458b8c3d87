import { parseArgs } from "node:util";
import type { TermLine } from "@agent-hud/ujsx/core";
import { describeCause } from "../cache-ledger/attribute.ts";
import { callLine, shareBars, totalsLine } from "../cache-ledger/format.ts";
import { latestLedgerSession, readCalls, summaryOf } from "../cache-ledger/table.ts";
import { storageDirFor } from "../config/storage-dir.ts";
import { HudBoard } from "../store/board.ts";
import { projectKeyFor } from "../store/validate.ts";
import { ansiText } from "./ansi.ts";
import { worktreeOf } from "./project.ts";

export const CACHE_USAGE = `usage: agent-hud cache [--session <id>] [--project <dir>] [--json] [--width <n>] [--storage-dir <dir>] [--no-color]

The prompt cache of the project's latest session (or of --session), call by call: tokens read from the cache,
written to it and sent uncached, the hit share over the calls as a chart, and what each call lost of the call
before's prompt with its cause: a bust (over a quarter), a partial bust (a named cause), or the expected tail.
  --json   the ledger as JSON (summary and calls) instead of text`;

export type CacheIO = {
  cwd: string;
  columns?: number;
  tty: boolean;
  env?: Record<string, string | undefined>;
  out: (text: string) => void;
  err: (text: string) => void;
};

/** `agent-hud cache`: prints one session's ledger. Returns the exit code. */
export function runCache(argv: string[], io: CacheIO): number {
  let values;
  try {
    values = parseArgs({
      args: argv,
      options: {
        session: { type: "string" },
        project: { type: "string" },
        "storage-dir": { type: "string" },
        json: { type: "boolean", default: false },
        width: { type: "string" },
        "no-color": { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    io.err(`agent-hud cache: ${(error as Error).message.split("\n")[0]}\n${CACHE_USAGE}\n`);
    return 2;
  }
  if (values.help) return (io.out(`${CACHE_USAGE}\n`), 0);
  const width = values.width === undefined ? Math.min(100, io.columns ?? 80) : Number(values.width);
  if (!Number.isInteger(width) || width < 20) {
    io.err(`agent-hud cache: --width must be a whole number ≥ 20, got ${values.width}\n${CACHE_USAGE}\n`);
    return 2;
  }
  const project = values.project ?? io.cwd;
  const dir = values["storage-dir"] ?? storageDirFor(worktreeOf(project), undefined, io.env);
  const board = HudBoard.open(dir, (_level, message) => io.err(`${message}\n`));
  try {
    const sessionID =
      values.session ??
      board.use("read", (db) => latestLedgerSession(db, projectKeyFor(worktreeOf(project))), undefined);
    const calls = sessionID ? board.use("read", (db) => readCalls(db, sessionID), []) : [];
    if (!sessionID || calls.length === 0) {
      io.err(`agent-hud cache: no model call recorded yet for ${sessionID ?? `the project at ${project}`}\n`);
      return 1;
    }
    const summary = board.use("read", (db) => summaryOf(db, sessionID), undefined)!;
    if (values.json) {
      io.out(`${JSON.stringify({ sessionID, summary, calls }, null, 2)}\n`);
      return 0;
    }
    const env = io.env ?? process.env;
    const color = !values["no-color"] && (env.NO_COLOR === undefined || env.NO_COLOR === "") && io.tty;
    const muted = (text: string): TermLine => [{ text, style: { role: "muted" } }];
    const lines: TermLine[] = [
      muted(`session ${sessionID}`),
      [{ text: totalsLine(summary), style: { bold: true } }],
      [],
      ...shareBars(calls, width).map((row) => [{ text: row, style: {} }]),
      [],
    ];
    for (const call of calls) {
      const { bust, loss, ...plain } = call;
      const lost = loss ? `, lost ${loss.tokens}` : "";
      lines.push(
        bust
          ? [{ text: `${callLine(plain)} · bust${lost}`, style: { bold: true, role: "marker" } }]
          : muted(callLine(call)),
      );
      if (bust) lines.push([{ text: `   cause: ${describeCause(bust)}`, style: { role: "marker" } }]);
    }
    io.out(`${ansiText(lines, color)}\n`);
    return 0;
  } finally {
    board.close();
  }
}
