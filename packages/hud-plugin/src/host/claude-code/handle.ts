import { existsSync } from "node:fs";
import type { ModelLimits } from "../../context/limits.ts";
import type { Logger } from "../../log/index.ts";
import { openHud } from "../../runtime/open.ts";
import type { HookDeps } from "../../runtime/hook-deps.ts";
import { callHud } from "../../runtime/call-hud.ts";
import { hudOff } from "../../runtime/hud-switch.ts";
import type { SessionRuntime } from "../../runtime/session-runtime.ts";
import { defaultDir, validateSessionID } from "../../store/index.ts";
import { applyTranscript } from "./apply-transcript.ts";
import { gitRoot } from "../../hook-process/git-root.ts";
import { decide, fullText, type EmissionState } from "../../append-only/emission.ts";
import { compactLead, lead } from "./lead.ts";
import { recordCalls } from "./ledger-calls.ts";
import { modActive } from "./mod-active.ts";
import { linkSession } from "./process-link.ts";
import { readSessionFile, writeSessionFile, type SessionFile } from "../../append-only/session-file.ts";
import { batchOf, mergeBatch, readTranscript } from "./transcript.ts";

/** The fields of Claude Code's hook input (stdin JSON) this adapter reads. */
export type HookInput = {
  session_id?: unknown;
  transcript_path?: unknown;
  cwd?: unknown;
  hook_event_name?: unknown;
  source?: unknown;
  /** PostToolBatch: the batch's calls with their responses. */
  tool_calls?: unknown;
  /** Set when the hook runs inside a sub-agent (its tool batches come with the parent's session id). */
  agent_id?: unknown;
};

/** What the entry prints: hook context (JSON) or, for PreCompact, plain text for the summary instructions. */
export type HookReply = { event: string; text: string; plain?: boolean };

export const HOOK_EVENTS = [
  "SessionStart",
  "UserPromptSubmit",
  "PostToolBatch",
  "SubagentStart",
  "PreCompact",
  "SessionEnd",
] as const;

/** Claude Code's window: 200k, 1M for a `[1m]` model, or what CLAUDE_CODE_AUTO_COMPACT_WINDOW sets. */
export function claudeLimits(model: string | undefined, env: Record<string, string | undefined>): ModelLimits {
  const set = Number(env["CLAUDE_CODE_AUTO_COMPACT_WINDOW"]);
  const window = Number.isFinite(set) && set > 0 ? set : model?.includes("[1m]") ? 1_000_000 : 200_000;
  return { context: window, input: window, output: 0 };
}

/** Where the hook's time went (ms since process start), for the benchmark. */
export type PhaseMarks = { open?: number; render?: number };

export async function handleHook(
  input: HookInput,
  log: Logger,
  env: Record<string, string | undefined> = process.env,
  phases: PhaseMarks = {},
): Promise<HookReply | undefined> {
  if (!isHookEvent(input.hook_event_name)) return undefined;
  const directory = directoryOf(input);
  // this process lives for one hook: component files and agent components show their stored renders (the
  // session's server renders them in its sandbox); nothing of a component is evaluated here
  const opened = openHud({
    directory,
    worktree: gitRoot(directory),
    log,
    storedRendersOnly: true,
    compactTool: () => modActive(env),
  });
  if (!opened) return undefined;
  phases.open = performance.now();
  try {
    const reply = await run(opened.deps, directory, String(input.hook_event_name), input, env);
    phases.render = performance.now();
    return reply;
  } finally {
    opened.dispose();
  }
}

const isHookEvent = (event: unknown) => (HOOK_EVENTS as readonly unknown[]).includes(event);

export function directoryOf(input: HookInput): string {
  return typeof input.cwd === "string" && input.cwd ? input.cwd : process.cwd();
}

/** A hook on a runtime that is already open (the session's MCP server, which hooks forward to). */
export async function runHook(
  deps: HookDeps,
  input: HookInput,
  env: Record<string, string | undefined>,
): Promise<HookReply | undefined> {
  if (!isHookEvent(input.hook_event_name)) return undefined;
  return run(deps, directoryOf(input), String(input.hook_event_name), input, env);
}

async function run(
  deps: HookDeps,
  directory: string,
  event: string,
  input: HookInput,
  env: Record<string, string | undefined>,
) {
  const sessionID = validateSessionID(input.session_id);
  const dataDir = deps.config.storageDir ?? defaultDir();
  linkSession(dataDir, sessionID);
  const file = readSessionFile(dataDir, sessionID);
  const session = deps.runtime.session(sessionID);
  const source = typeof input.source === "string" ? input.source : undefined;
  const compacted = event === "SessionStart" && source === "compact";
  const summary = catchUp(deps, session, directory, file, input, compacted, env);
  deps.runtime.touch(session);
  const agent = typeof input.agent_id === "string" && input.agent_id ? input.agent_id : undefined;
  let reply: HookReply | undefined;
  if (event === "SubagentStart") file.subagentRunning = true;
  else if (!agent && event !== "PreCompact" && event !== "SessionEnd") delete file.subagentRunning;
  switch (event) {
    case "SessionStart": {
      if (compacted)
        deps.runtime.record(session, [{ scope: "session", event: { kind: "compact.after", at: deps.now(), summary } }]);
      reply = await emit(deps, session, file, event, true, env);
      break;
    }
    case "UserPromptSubmit":
    case "PostToolBatch":
      if (agent) {
        reply = await emitToAgent(deps, session, file, agent, event);
        break;
      }
      deps.runtime.noteCall(session);
      reply = await emit(deps, session, file, event, false, env);
      break;
    case "SubagentStart": {
      // a sub-agent's copy is its parent's HUD: the person's views already show it
      const hud = await callHud(deps, session);
      if (!hud) break;
      reply = { event, text: fullText(hud.result.markdown, SUBAGENT_NOTE) };
      if (agent) keepAgent(file, agent, { full: hud.result.markdown, shown: hud.result.markdown, changes: 0 });
      break;
    }
    case "PreCompact": {
      // the conversation's copies go with the compaction; SessionStart(compact) sends a full one
      delete file.emission;
      // the mod gives the summary the HUD itself (or writes the summary): told twice, it would read twice
      if (modActive(env)) break;
      // the operation router comes with it: loaded for a compaction only, never by a session's first hook
      const { compactionFraming, compactionSnapshot } = await import("../../hooks/session-compacting.ts");
      const snapshot = compactionSnapshot(deps, sessionID);
      if (snapshot !== undefined) reply = { event, text: compactionFraming(snapshot), plain: true };
      break;
    }
  }
  writeSessionFile(dataDir, sessionID, file);
  return reply;
}

/** Reads what the transcript gained since the last hook; returns a compaction summary if one arrived. */
function catchUp(
  deps: HookDeps,
  session: SessionRuntime,
  directory: string,
  file: SessionFile,
  input: HookInput,
  compacted: boolean,
  env: Record<string, string | undefined>,
): string {
  const path = typeof input.transcript_path === "string" ? input.transcript_path : undefined;
  let model: string | undefined;
  let summary = "";
  if (path && existsSync(path)) {
    if (file.transcript !== path) file.offset = 0;
    file.transcript = path;
    const chunk = readTranscript(path, file.offset, file.requestAt);
    file.offset = chunk.offset;
    if (chunk.requestAt !== undefined) file.requestAt = chunk.requestAt;
    else delete file.requestAt;
    file.seenTools = mergeBatch(chunk, batchOf(input.tool_calls, deps.now()), file.seenTools ?? []);
    // the calls before a compaction measured the old conversation, not what is left of it: a server that
    // recorded them keeps them in memory, so the first HUD after the summary would be sized for a full context
    if (compacted) {
      const last = Math.max(chunk.usage?.at ?? 0, file.usage?.at ?? 0);
      delete chunk.usage;
      delete file.usage;
      session.tracker.reset(last + 1);
    }
    applyTranscript(deps, session, directory, chunk);
    // the mod records each request's usage from Claude Code itself; the transcript's copy would count twice
    recordCalls(modActive(env) ? undefined : deps.ledger, session, file, chunk.ledger, compacted);
    if (chunk.usage) file.usage = { id: chunk.usage.id, tokens: chunk.usage.tokens, at: chunk.usage.at };
    model = chunk.usage?.model;
    summary =
      chunk.messages
        .filter((m) => m.summary)
        .at(-1)
        ?.texts.join("\n") ?? "";
  }
  session.tracker.setLimits(claudeLimits(model, env));
  if (file.usage) session.tracker.record(file.usage.id, file.usage.tokens, file.usage.at);
  return summary;
}

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

async function emit(
  deps: HookDeps,
  session: SessionRuntime,
  file: SessionFile,
  event: string,
  start: boolean,
  env: Record<string, string | undefined>,
) {
  // switched off: nothing is sent, and what the conversation holds stays the base of the next update
  if (hudOff(deps, session.id)) return undefined;
  // once only: if no compaction comes (auto-compact off), the next hook finds no copy and sends a full one
  if (!start && file.emission && compactionAhead(session)) {
    delete file.emission;
    return undefined;
  }
  const hud = await callHud(deps, session);
  if (!hud) return undefined;
  const result = hud.result;
  const modRunning = modActive(env);
  const withLead = start || !file.emission;
  const decision = decide(file.emission, result.markdown, start, withLead ? lead(deps.config, modRunning) : undefined);
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

const SUBAGENT_NOTE =
  "You are a sub-agent. Your parent agent's HUD follows: its task is the one you help with; the `hud` tool edits the parent's HUD.";

/** Sub-agents whose conversations are remembered per session; the oldest is forgotten past this. */
const MAX_AGENTS = 16;

function keepAgent(file: SessionFile, agent: string, state: EmissionState): void {
  const agents = { ...file.agents };
  delete agents[agent];
  agents[agent] = state;
  const names = Object.keys(agents);
  for (const old of names.slice(0, Math.max(0, names.length - MAX_AGENTS))) delete agents[old];
  file.agents = agents;
}

/**
 * A sub-agent's tool batch: its conversation holds the full copy SubagentStart gave it, not the parent's,
 * so its updates are kept against that copy, and the parent's record of what it holds is untouched.
 */
async function emitToAgent(deps: HookDeps, session: SessionRuntime, file: SessionFile, agent: string, event: string) {
  const hud = await callHud(deps, session);
  if (!hud) return undefined;
  const previous = file.agents?.[agent];
  const decision = decide(previous, hud.result.markdown, false, previous ? undefined : SUBAGENT_NOTE);
  if (decision.state) keepAgent(file, agent, decision.state);
  return decision.kind === "none" ? undefined : { event, text: decision.text };
}
