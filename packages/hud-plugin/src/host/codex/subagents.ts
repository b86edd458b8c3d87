import { decide, type EmissionState } from "../../append-only/emission.ts";
import { keepAgent, type SessionFile } from "../../append-only/session-file.ts";
import { callHud } from "../../runtime/call-hud.ts";
import type { HookDeps } from "../../runtime/hook-deps.ts";
import type { SessionRuntime } from "../../runtime/session-runtime.ts";
import { applyRollout } from "./apply-rollout.ts";
import { SEARCH_TOOL, TOOL_NAME } from "./lead.ts";
import { mergeHookCall, type RolloutChunk } from "./rollout.ts";

/**
 * Codex's sub-agents (`spawn_agent`, 0.145.0 to 0.171.0): a thread of their own, with their own rollout, whose
 * hooks carry the parent's `session_id` and the sub-agent's `agent_id`. Its conversation starts with only its
 * task (unless the model asked to fork the parent's history), so SubagentStart gives it the parent's HUD
 * once, and its prompt and tool hooks send updates against that copy, never against the parent's.
 */
export const SUBAGENT_NOTE = `You are a sub-agent. Your parent agent's HUD follows: its task is the one you help with; the \`hud\` tool (\`${TOOL_NAME}\`, found with \`${SEARCH_TOOL}\`) edits the parent's HUD.`;

/** The sub-agent a hook runs for, if any. */
export const agentOf = (input: { agent_id?: unknown }): string | undefined =>
  typeof input.agent_id === "string" && input.agent_id ? input.agent_id : undefined;

function keepAgentCopy(file: SessionFile, agent: string, state: EmissionState): void {
  keepAgent(file, agent, state);
  // while one runs, a `hud` call may be its own, which the parent never saw (`own-calls.ts`)
  file.subagentRunning = true;
}

/** A sub-agent's compaction: its copy went with the summary (it still runs). */
export function dropAgentCopy(file: SessionFile, agent: string): void {
  if (!file.agents?.[agent]) return;
  const agents = { ...file.agents };
  delete agents[agent];
  file.agents = agents;
}

/** SubagentStop: that conversation is over; a `hud` call is the parent's again once none runs. */
export function stopAgent(file: SessionFile, agent: string): void {
  dropAgentCopy(file, agent);
  if (Object.keys(file.agents ?? {}).length > 0) return;
  delete file.agents;
  delete file.subagentRunning;
}

/** A new Codex process: the sub-agents of the one before it ended with it. */
export function forgetAgents(file: SessionFile): void {
  delete file.agents;
  delete file.subagentRunning;
}

/**
 * SubagentStart, and the sub-agent's prompt and tool hooks: the full copy with the note for a conversation
 * that holds none (its start, or one whose start was missed), else an update against its own copy.
 */
export async function emitToAgent(
  deps: HookDeps,
  session: SessionRuntime,
  file: SessionFile,
  event: string,
  agent: string,
  start: boolean,
) {
  // switched off (callHud checks): a sub-agent's session id is its parent's, so the parent's switch holds
  const hud = await callHud(deps, session);
  if (!hud) return undefined;
  const previous = start ? undefined : file.agents?.[agent];
  const decision = decide(previous, hud.text, start, previous ? undefined : SUBAGENT_NOTE);
  if (decision.state) keepAgentCopy(file, agent, decision.state);
  // not `placed`: the person's views show the parent's HUD already, and what the parent's conversation holds
  return decision.kind === "none" ? undefined : { event, text: decision.text };
}

/**
 * A sub-agent's tool call, from its PostToolUse: what it read, changed or ran shows in the parent's HUD.
 * Its rollout is never read: its model calls are no calls of the parent's conversation (the context meter,
 * the cache ledger), and its answer reaches the parent's rollout through `wait_agent`.
 */
export function applyAgentCall(
  deps: HookDeps,
  session: SessionRuntime,
  directory: string,
  file: SessionFile,
  input: Record<string, unknown>,
): void {
  const chunk: RolloutChunk = { offset: 0, messages: [], calls: [], results: [], usage: undefined, ledger: [] };
  file.seenTools = mergeHookCall(chunk, input, deps.now(), file.seenTools ?? []);
  if (chunk.results.length) applyRollout(deps, session, directory, chunk);
}
