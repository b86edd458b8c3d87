import { taskOf } from "../../board/prompt-status.ts";
import { ledgerLine } from "../../cache-ledger/format.ts";
import { summaryOf } from "../../cache-ledger/table.ts";
import { compactionFraming, compactionSnapshot } from "../../hooks/session-compacting.ts";
import type { HookDeps } from "../../runtime/hook-deps.ts";
import { hudOff } from "../../runtime/hud-switch.ts";
import { isSessionID } from "../../store/index.ts";
import { hudCompaction, type TurnText } from "./mod-compaction.ts";
import { MOD_ENV } from "./mod-active.ts";
import { applyEdit } from "./mod-edit.ts";
import { holdsKey, type ModKey } from "./mod-key.ts";
export { loadsMods, MOD_MIN_VERSION } from "./mod-version.ts";

/**
 * The `hud` MCP server's side of the mod bridge. Claude Code's mod (a hooks module inside Claude Code: no
 * Node, no Bun; on disk it reads its key only) reaches the state through `$.mcp.call` on this server, which
 * has the runtime open: one internal tool, `hud_mod`, with one operation per call. The model never gets it: it is listed only to a
 * client whose mod loads (2.1.328 and later), deferred behind ToolSearch, and the mod's `tool.offer` hook
 * keeps it out of every request. 2.1.287 to 2.1.327 load mods but have no `tool.offer`, so they refuse this
 * one whole: listed to them, `hud_mod` would sit behind ToolSearch with no mod to use it and nothing to hide it.
 * Being listed binds nothing (a client may claim any version): each call carries the key (`mod-key.ts`).
 */
export const MOD_TOOL = "hud_mod";

export const MOD_TOOL_SPEC = {
  name: MOD_TOOL,
  description: "Internal to agent-hud's Claude Code mod; not for the model.",
  inputSchema: { type: "object" as const, properties: { op: { type: "string" }, session: { type: "string" } } },
  _meta: { "anthropic/alwaysLoad": false },
};

/**
 * What the server keeps per Claude Code process for the mod: the sessions whose next call follows a compaction,
 * and the key a call must carry (none: every operation is refused).
 */
export type ModBridge = { compacted: Set<string>; hello: boolean; key: ModKey | undefined };

export const createModBridge = (key?: ModKey): ModBridge => ({ compacted: new Set(), hello: false, key });

export const MOD_REFUSED =
  "hud_mod: refused: this tool answers agent-hud's Claude Code mod alone (it sends the key its server wrote to the data folder); nothing changed";

type Args = Record<string, unknown>;

/** One bridge call; the answer is JSON. A bad call is one line, and changes nothing. */
export async function answerMod(deps: HookDeps, bridge: ModBridge, args: Args): Promise<unknown> {
  const op = args["op"];
  // where the key is, and nothing else: reading the file takes the disk, which an MCP client alone does not have
  if (op === "key") return { path: bridge.key?.path ?? "" };
  if (!holdsKey(bridge.key, args["key"])) throw new Error(MOD_REFUSED);
  const session = args["session"];
  if (!isSessionID(session)) throw new Error(`hud_mod: "session" must be a Claude Code session id`);
  switch (op) {
    case "hello":
      bridge.hello = true;
      // hooks forwarded to this server read the same switch as hook processes started after the mod set it
      process.env[MOD_ENV] = "1";
      return { compaction: deps.config.compaction, off: hudOff(deps, session) };
    case "view":
      return view(deps, session);
    case "switch": {
      const off = args["off"] === true;
      deps.board.setOff(session, off, deps.now());
      return view(deps, session);
    }
    case "instructions": {
      const snapshot = compactionSnapshot(deps, session);
      return { text: snapshot === undefined ? "" : compactionFraming(snapshot) };
    }
    case "compact": {
      // recorded as the compaction it is; the state itself reaches the new context through SessionStart
      compactionSnapshot(deps, session);
      const turns = Array.isArray(args["turns"]) ? (args["turns"] as TurnText[]) : [];
      const request = typeof args["request"] === "string" ? args["request"] : "";
      bridge.compacted.add(session);
      return { text: hudCompaction(request, turns, !hudOff(deps, session)) };
    }
    case "compacted":
      bridge.compacted.add(session);
      return {};
    case "usage":
      return { recorded: recordUsage(deps, bridge, session, args) };
    case "edit":
      return applyEdit(deps, session, typeof args["text"] === "string" ? args["text"] : "");
    case "pending": {
      // `hud_compact` asked during the turn; the mod starts the compaction now that it ended
      const runtime = deps.runtime.session(session);
      const compact = runtime.compactRequested;
      runtime.compactRequested = false;
      return { compact };
    }
    default:
      throw new Error(
        `hud_mod: unknown op ${JSON.stringify(op)}; expected key, hello, view, switch, instructions, compact, compacted, usage, pending or edit`,
      );
  }
}

/** What the pane and `/hud` show: the current HUD (each edit publishes it) and one status line. */
function view(deps: HookDeps, session: string) {
  const off = hudOff(deps, session);
  const shown = deps.board.latest(session, "current") ?? deps.board.latest(session, "received");
  if (!shown) return { off, markdown: "", line: off ? "HUD off" : "HUD: nothing rendered yet for this session" };
  const summary = deps.board.use("cache ledger read", (db) => summaryOf(db, session), undefined);
  const { context } = shown;
  const usage = `${context.percent}% of ${Math.round(context.usableTokens / 1000)}k${context.critical ? " critical" : ""}`;
  const task = taskOf(shown.markdown) ?? "no task set";
  const line = [off ? "HUD off" : task, shown.density, usage, ...(summary ? [ledgerLine(summary)] : [])].join(" · ");
  return { off, markdown: shown.markdown, line };
}

const count = (value: unknown) => (typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : 0);

/** One model request's usage as `turn.step` reported it, into the session's cache ledger. */
function recordUsage(deps: HookDeps, bridge: ModBridge, sessionID: string, args: Args): boolean {
  if (!deps.ledger) return false;
  const id = args["id"];
  const usage = args["usage"] as Record<string, unknown> | undefined;
  if (typeof id !== "string" || !id || !usage || typeof usage !== "object")
    throw new Error(`hud_mod usage: needs "id" (a string) and "usage" (the request's usage object)`);
  const at = typeof args["at"] === "number" ? args["at"] : deps.now();
  const session = deps.runtime.session(sessionID);
  const afterCompaction = bridge.compacted.delete(sessionID);
  deps.ledger.report(session, {
    id,
    at,
    usage: {
      input: count(usage["input_tokens"]),
      output: count(usage["output_tokens"]),
      cacheRead: count(usage["cache_read_input_tokens"]),
      cacheWrite: count(usage["cache_creation_input_tokens"]),
    },
    evidence: { at, ...(afterCompaction ? { afterCompaction: true } : {}) },
  });
  return true;
}
