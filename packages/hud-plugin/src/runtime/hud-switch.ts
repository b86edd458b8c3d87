import type { HookDeps } from "./hook-deps.ts";

/**
 * The person's switch, the one check every path that sends HUD text to a model passes: the per-call
 * placement and its preamble, sub-agents, compaction prompts and compaction answers on every host, the mod.
 * Off for the session, for its project (`agent-hud off`), or for the parent a sub-agent works for: the
 * request goes out as if the HUD did not exist. Read on every call: another process (the TUI, the CLI, the
 * mod's server) may have switched it a moment ago.
 */
export function hudOff(deps: Pick<HookDeps, "board" | "projectKey" | "runtime">, sessionID: string): boolean {
  if (deps.board.isOff(sessionID, deps.projectKey)) return true;
  const session = deps.runtime.session(sessionID);
  const parent = session.parentID ?? session.cache.state.parentID;
  return parent !== undefined && deps.board.isOff(parent, deps.projectKey);
}
