import { taskOf } from "../../board/prompt-status.ts";
import { ledgerLine } from "../../cache-ledger/format.ts";
import { summaryOf } from "../../cache-ledger/table.ts";
import { storageDirFor } from "../../config/storage-dir.ts";
import { HudBoard } from "../../store/board.ts";
import { isSessionID, projectKeyFor } from "../../store/validate.ts";
import { gitRoot } from "../../hook-process/git-root.ts";

/** The fields of Claude Code's status-line input (settings `statusLine`, a command given JSON on stdin). */
type StatusInput = {
  session_id?: unknown;
  cwd?: unknown;
  workspace?: { project_dir?: unknown; current_dir?: unknown };
};

const NO_TASK = /^none set\b/;

/**
 * `agent-hud statusline`: one plain line for the person (task · density · usage, and the cache ledger's line
 * once a call was recorded); it never reaches the model.
 */
export function statusLine(json: string, env: Record<string, string | undefined>, width = 120): string {
  let input: StatusInput;
  try {
    input = JSON.parse(json) as StatusInput;
  } catch {
    return "HUD: the status line got no session JSON on stdin";
  }
  const dirs = [input.workspace?.project_dir, input.workspace?.current_dir, input.cwd];
  const cwd = dirs.find((d): d is string => typeof d === "string" && d.length > 0) ?? process.cwd();
  if (!isSessionID(input.session_id)) return "HUD: no session id in the status line input";
  const root = gitRoot(cwd);
  const board = HudBoard.open(storageDirFor(root, undefined, env), () => {});
  try {
    const off = board.offBy(input.session_id, projectKeyFor(root));
    if (off) return off === "project" ? "HUD off for this project (agent-hud on)" : "HUD off";
    const shown = board.latest(input.session_id, "current") ?? board.latest(input.session_id, "received");
    if (!shown) return "HUD: nothing rendered yet for this session";
    const raw = taskOf(shown.markdown);
    const task = !raw || NO_TASK.test(raw) ? "no task set" : raw;
    const { density, context } = shown;
    const usage = `${context.percent}% of ${Math.round(context.usableTokens / 1000)}k${context.critical ? " critical" : ""}`;
    const summary = board.use("cache ledger read", (db) => summaryOf(db, input.session_id as string), undefined);
    const cache = summary ? ledgerLine(summary) : undefined;
    const parts = [task, density, usage];
    // a bust goes first, where the clip never cuts it; a clean ledger goes last
    if (cache) summary!.busts > 0 ? parts.unshift(cache) : parts.push(cache);
    const line = parts.join(" · ");
    return [...line].length <= width ? line : `${[...line].slice(0, width - 1).join("")}…`;
  } finally {
    board.close();
  }
}

export async function readAll(stream: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}
