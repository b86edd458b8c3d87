import { existsSync } from "node:fs";
import { decide } from "../../append-only/emission.ts";
import { readSessionFile, writeSessionFile, type SessionFile } from "../../append-only/session-file.ts";
import type { ModelLimits } from "../../context/limits.ts";
import type { Logger } from "../../log/index.ts";
import { callHud } from "../../runtime/call-hud.ts";
import { hudOff } from "../../runtime/hud-switch.ts";
import type { HookDeps } from "../../runtime/hook-deps.ts";
import { openHud } from "../../runtime/open.ts";
import type { SessionRuntime } from "../../runtime/session-runtime.ts";
import { defaultDir, validateSessionID } from "../../store/index.ts";
import { gitRoot } from "../../hook-process/git-root.ts";
import { applyRollout } from "./apply-rollout.ts";
import { recordCalls } from "./ledger-calls.ts";
import { lead } from "./lead.ts";
import { FOLDER, writeLink } from "./link.ts";
import { mergeHookCall, readRollout } from "./rollout.ts";
import { agentOf, applyAgentCall, dropAgentCopy, emitToAgent, forgetAgents, stopAgent } from "./subagents.ts";

/** The fields of Codex's hook input (stdin JSON) this adapter reads. */
export type HookInput = {
  session_id?: unknown;
  transcript_path?: unknown;
  cwd?: unknown;
  hook_event_name?: unknown;
  source?: unknown;
  /** PostToolUse: the call that just ran, with its response. */
  tool_name?: unknown;
  tool_input?: unknown;
  tool_response?: unknown;
  tool_use_id?: unknown;
  /** Set when the hook runs for a sub-agent's thread (its `transcript_path` is then the sub-agent's rollout). */
  agent_id?: unknown;
};

export type HookReply = { event: string; text: string };

/**
 * The hooks whose context Codex appends to the conversation (SessionStart, UserPromptSubmit, PostToolUse,
 * SubagentStart, as one developer message each), PreCompact, after which the conversation's copies are gone,
 * and SubagentStop (no output), after which a `hud` call is the parent's again. PreToolUse is never used:
 * what a tool changes is known after it ran. Stop would force another model call.
 */
export const HOOK_EVENTS = [
  "SessionStart",
  "UserPromptSubmit",
  "PostToolUse",
  "PreCompact",
  "SubagentStart",
  "SubagentStop",
] as const;

/** Codex's default window when the rollout has not stated the model's yet. */
const DEFAULT_WINDOW = 272_000;

export function codexLimits(window: number | undefined): ModelLimits {
  const context = window && window > 0 ? window : DEFAULT_WINDOW;
  return { context, input: context, output: 0 };
}

export const isHookEvent = (event: unknown) => (HOOK_EVENTS as readonly unknown[]).includes(event);

export function directoryOf(input: HookInput): string {
  return typeof input.cwd === "string" && input.cwd ? input.cwd : process.cwd();
}

/** One hook in a process of its own: opens the runtime for the hook's project, answers, closes it. */
export async function handleHook(input: HookInput, log: Logger): Promise<HookReply | undefined> {
  if (!isHookEvent(input.hook_event_name)) return undefined;
  const directory = directoryOf(input);
  const sessionID = validateSessionID(input.session_id);
  // the MCP server learns the session and the project only from here
  writeLink({ session: sessionID, directory });
  const opened = openHud({ directory, worktree: gitRoot(directory), log, storedRendersOnly: true });
  if (!opened) return undefined;
  try {
    return await run(opened.deps, directory, String(input.hook_event_name), input);
  } finally {
    opened.dispose();
  }
}

export async function run(
  deps: HookDeps,
  directory: string,
  event: string,
  input: HookInput,
): Promise<HookReply | undefined> {
  const sessionID = validateSessionID(input.session_id);
  const dataDir = deps.config.storageDir ?? defaultDir();
  const file = readSessionFile(dataDir, sessionID, FOLDER);
  const session = deps.runtime.session(sessionID);
  const agent = agentOf(input);
  if (agent) {
    const reply = await runForAgent(deps, session, directory, file, event, input, agent);
    writeSessionFile(dataDir, sessionID, file, FOLDER);
    return reply;
  }
  const compacted = event === "SessionStart" && input.source === "compact";
  const { summary, answered } = catchUp(deps, session, directory, file, input, compacted);
  deps.runtime.touch(session);
  let reply: HookReply | undefined;
  switch (event) {
    case "SessionStart":
      if (compacted)
        deps.runtime.record(session, [{ scope: "session", event: { kind: "compact.after", at: deps.now(), summary } }]);
      else forgetAgents(file);
      // startup, resume (the history is replayed, but the base of the next update is this copy) and compact
      reply = await emit(deps, session, file, event, true);
      break;
    case "UserPromptSubmit":
    case "PostToolUse":
      // one model call per prompt, and per answer whose tool calls ran: the later calls of a parallel
      // batch find their answer already read
      if (event === "UserPromptSubmit" || answered) deps.runtime.noteCall(session);
      reply = await emit(deps, session, file, event, false);
      break;
    case "PreCompact":
      // the summary replaces the conversation and its copies; SessionStart(compact) sends a full one
      delete file.emission;
      break;
  }
  writeSessionFile(dataDir, sessionID, file, FOLDER);
  return reply;
}

/**
 * Reads what the rollout gained since the last hook: a compaction's summary if one arrived, and whether a
 * model answer with tool calls did (Codex writes an answer's calls before it runs them).
 */
function catchUp(
  deps: HookDeps,
  session: SessionRuntime,
  directory: string,
  file: SessionFile,
  input: HookInput,
  compacted: boolean,
): { summary: string; answered: boolean } {
  const path = typeof input.transcript_path === "string" ? input.transcript_path : undefined;
  let summary = "";
  let answered = false;
  let window: number | undefined;
  if (path && existsSync(path)) {
    if (file.transcript !== path) file.offset = 0;
    file.transcript = path;
    const chunk = readRollout(path, file.offset);
    file.offset = chunk.offset;
    recordCalls(deps.ledger, session, file, chunk.ledger);
    answered = chunk.calls.length > 0;
    file.seenTools = mergeHookCall(chunk, input, deps.now(), file.seenTools ?? []);
    window = chunk.usage?.window;
    // the responses before a compaction measured the old conversation, not what is left of it
    if (compacted) {
      const last = Math.max(chunk.usage?.at ?? 0, file.usage?.at ?? 0);
      delete chunk.usage;
      delete file.usage;
      session.tracker.reset(last + 1);
    }
    applyRollout(deps, session, directory, chunk);
    if (chunk.usage) file.usage = { id: chunk.usage.id, tokens: chunk.usage.tokens, at: chunk.usage.at };
    summary = chunk.summary ?? "";
  }
  if (window) file.window = window;
  meter(session, file);
  return { summary, answered };
}

/** The parent conversation's window and latest usage, for the HUD's context line. */
function meter(session: SessionRuntime, file: SessionFile): void {
  session.tracker.setLimits(codexLimits(file.window));
  if (file.usage) session.tracker.record(file.usage.id, file.usage.tokens, file.usage.at);
}

/**
 * A hook of a sub-agent's thread. Its `transcript_path` is the sub-agent's rollout (SubagentStop's is the
 * parent's), never read here: the parent's read offset, copy and call count stay as they were.
 */
async function runForAgent(
  deps: HookDeps,
  session: SessionRuntime,
  directory: string,
  file: SessionFile,
  event: string,
  input: HookInput,
  agent: string,
): Promise<HookReply | undefined> {
  deps.runtime.touch(session);
  meter(session, file);
  switch (event) {
    case "SubagentStart":
    case "SessionStart":
      return emitToAgent(deps, session, file, event, agent, true);
    case "PostToolUse":
      applyAgentCall(deps, session, directory, file, input);
      return emitToAgent(deps, session, file, event, agent, false);
    case "UserPromptSubmit":
      return emitToAgent(deps, session, file, event, agent, false);
    case "PreCompact":
      // its summary replaces its conversation and the copy in it: its next hook sends a full one
      dropAgentCopy(file, agent);
      return undefined;
    case "SubagentStop":
      stopAgent(file, agent);
      return undefined;
  }
  return undefined;
}

async function emit(deps: HookDeps, session: SessionRuntime, file: SessionFile, event: string, start: boolean) {
  // switched off: nothing is sent, and what the conversation holds stays the base of the next update
  if (hudOff(deps, session.id)) return undefined;
  const hud = await callHud(deps, session);
  if (!hud) return undefined;
  const withLead = start || !file.emission;
  const decision = decide(file.emission, hud.text, start, withLead ? lead(deps.config) : undefined);
  if (decision.state) file.emission = decision.state;
  // a hook's process ends with the hook: the views hear of it now
  hud.placed("now");
  return decision.kind === "none" ? undefined : { event, text: decision.text };
}
