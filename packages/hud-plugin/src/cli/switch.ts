import { parseArgs } from "node:util";
import { storageDirFor } from "../config/storage-dir.ts";
import { HudBoard } from "../store/board.ts";
import { isSessionID, projectKeyFor } from "../store/validate.ts";
import { worktreeOf } from "./project.ts";
import { storedSessions } from "./stored.ts";

export const SWITCH_USAGE = `usage: agent-hud off|on [--session <id> | --project [<dir>]] [--storage-dir <dir>]

off  no request of the session (or of every session of the project) carries the HUD: not the per-call HUD,
     not its instructions, not a compaction's prompt or answer, not a sub-agent's copy
on   the HUD is back from the next request
The project (of the current folder, or <dir>) when no --session is given; session ids are in \`agent-hud data\`.
The last switch the person made holds: a session switched on after its project was switched off stays on.`;

type Out = { out: (text: string) => void; err: (text: string) => void };
type SwitchIO = Out & { cwd: string; env?: Record<string, string | undefined>; now?: () => number };

/** Whether the data folder knows the session: it has events, a render, or a switch of its own. */
function knownSession(board: HudBoard, dir: string, sessionID: string): boolean {
  if (storedSessions(dir).some((s) => s.sessionID === sessionID)) return true;
  return board.use(
    "read",
    (db) =>
      db
        .query("SELECT 1 FROM hud_shown WHERE session_id = ? UNION SELECT 1 FROM hud_switch WHERE session_id = ?")
        .get(sessionID, sessionID) !== null,
    false,
  );
}

/**
 * `agent-hud off|on`: the person's switch from a shell, for hosts with no switch of their own (headless runs,
 * Claude Code before its mod). Written where the TUI and the mod write it (`HudBoard`), read by every hook.
 */
export function runSwitch(word: "off" | "on", argv: string[], io: SwitchIO): number {
  const fail = (line: string, code = 2) => (io.err(`agent-hud ${word}: ${line}\n`), code);
  let values: {
    session?: string | undefined;
    project?: boolean | undefined;
    "storage-dir"?: string | undefined;
    help?: boolean | undefined;
  };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      options: {
        session: { type: "string" },
        project: { type: "boolean" },
        "storage-dir": { type: "string" },
        help: { type: "boolean" },
      },
      strict: true,
      allowPositionals: true,
    }));
  } catch (error) {
    return fail(`${(error as Error).message.split("\n")[0]}\n${SWITCH_USAGE}`);
  }
  if (values.help) return (io.out(`${SWITCH_USAGE}\n`), 0);
  if (values.session !== undefined && (values.project || positionals.length))
    return fail(`give --session <id> or --project [<dir>], not both\n${SWITCH_USAGE}`);
  if (positionals.length > 1 || (positionals.length && !values.project))
    return fail(`unexpected ${positionals.join(" ")}\n${SWITCH_USAGE}`);
  const worktree = worktreeOf(positionals[0] ?? io.cwd);
  const dir = values["storage-dir"] ?? storageDirFor(worktree, undefined, io.env);
  const off = word === "off";
  const now = io.now?.() ?? Date.now();
  const board = HudBoard.open(dir, (_level, message) => io.err(`${message}\n`));
  try {
    if (values.session !== undefined) {
      const id = values.session;
      if (!isSessionID(id)) return fail(`${JSON.stringify(id)} is not a session id; the ids are in \`agent-hud data\``);
      if (!knownSession(board, dir, id))
        return fail(`no session ${id} in the data folder ${dir}; the ids are in \`agent-hud data\``);
      board.setOff(id, off, now);
      if (board.failures) return fail(`the switch could not be written to ${dir}`, 1);
      io.out(`HUD ${word} for session ${id}${off ? ` (agent-hud on --session ${id} turns it back on)` : ""}\n`);
      return 0;
    }
    const key = projectKeyFor(worktree);
    board.setProjectOff(key, off, now);
    if (board.failures) return fail(`the switch could not be written to ${dir}`, 1);
    io.out(
      `HUD ${word} for every session of the project at ${worktree} (${key})${off ? "; agent-hud on turns it back on" : ""}\n`,
    );
    return 0;
  } finally {
    board.close();
  }
}
