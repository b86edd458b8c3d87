import { decide, fullText, type EmissionState } from "../../append-only/emission.ts";
import { keepAgent, type SessionFile } from "../../append-only/session-file.ts";
import { callHud } from "../../runtime/call-hud.ts";
import { hudOff } from "../../runtime/hud-switch.ts";
import type { SessionRuntime } from "../../runtime/session-runtime.ts";
import type { Hook } from "./hook-types.ts";
import { compactLead, lead } from "./lead.ts";
import { modActive } from "./mod-active.ts";

/**
 * Claude Code compacts once a call's tokens reach its usable window less this buffer (2.1.197). A prompt or
 * tool batch past that point is followed by a compaction before the model is called, and the hook's context
 * is kept after the summary, where an update would be read against a full copy that is gone.
 */
export const AUTO_COMPACT_BUFFER = 13_000;

function compactionAhead(session: SessionRuntime): boolean {
  const { usedTokens, usableTokens } = session.tracker.usage();
  return usableTokens > AUTO_COMPACT_BUFFER && usedTokens >= usableTokens - AUTO_COMPACT_BUFFER;
}

export async function emit({ deps, session, file, event, env }: Hook, start: boolean) {
  // switched off: nothing is sent, and what the conversation holds stays the base of the next update
  if (hudOff(deps, session.id)) return undefined;
  // once only: if no compaction comes (auto-compact off), the next hook finds no copy and sends a full one
  if (!start && file.emission && compactionAhead(session)) {
    delete file.emission;
    return undefined;
  }
  const hud = await callHud(deps, session);
  if (!hud) return undefined;
  const modRunning = modActive(env);
  const withLead = start || !file.emission;
  // callHud's text: the markdown, with the cache ledger's line when the person shows it to the agent
  const decision = decide(file.emission, hud.text, start, withLead ? lead(deps.config, modRunning) : undefined);
  if (decision.state) file.emission = decision.state;
  // a hook's process ends with the hook: the views hear of it now
  hud.placed("now");
  const texts = decision.kind === "none" ? [] : [decision.text];
  // the mod says hello after the session's first hook: its tool is told once, when the next hook sees it
  if (withLead) file.compactTold = modRunning;
  else if (modRunning && !file.compactTold) {
    texts.unshift(compactLead());
    file.compactTold = true;
  }
  return texts.length ? { event, text: texts.join("\n\n") } : undefined;
}

export const SUBAGENT_NOTE =
  "You are a sub-agent. Your parent agent's HUD follows: its task is the one you help with; the `hud` tool edits the parent's HUD.";

/**
 * A sub-agent's tool batch: its conversation holds the full copy SubagentStart gave it, not the parent's,
 * so its updates are kept against that copy, and the parent's record of what it holds is untouched.
 */
export async function emitToAgent({ deps, session, file, event }: Hook, agent: string) {
  const hud = await callHud(deps, session);
  if (!hud) return undefined;
  const previous = file.agents?.[agent];
  const decision = decide(previous, hud.text, false, previous ? undefined : SUBAGENT_NOTE);
  if (decision.state) keepAgent(file, agent, decision.state);
  return decision.kind === "none" ? undefined : { event, text: decision.text };
}
