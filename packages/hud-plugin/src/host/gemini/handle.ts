import { hashText } from "../../cache-ledger/hash.ts";
import { applyEvents } from "../../hooks/apply-event.ts";
import { placeAtTail } from "../../placement/tail.ts";
import { instructions } from "../../placement/instructions.ts";
import type { HookDeps } from "../../runtime/hook-deps.ts";
import type { SessionRuntime } from "../../runtime/session-runtime.ts";
import { validateSessionID } from "../../store/index.ts";
import { GEMINI_HUD_TOOL } from "./names.ts";
import { geminiLimits } from "./limits.ts";
import {
  catchUpAgents,
  isSubagentCall,
  newAgentMemory,
  noteAgentTool,
  toSubagent,
  type AgentMemory,
} from "./subagents.ts";
import { readFrom, transcriptEvents } from "./transcript.ts";

/** The fields of Gemini CLI's hook input (stdin JSON) this adapter reads. */
export type GeminiHookInput = {
  session_id?: unknown;
  transcript_path?: unknown;
  cwd?: unknown;
  hook_event_name?: unknown;
  /** BeforeModel: the request as hooks see it, each content's text parts as one `content`. */
  llm_request?: { model?: unknown; messages?: unknown };
  /** BeforeTool, AfterTool. */
  tool_name?: unknown;
};

type LlmMessage = { role: string; content: string };

/** What the hook prints on stdout (Gemini CLI reads one JSON object), or nothing. */
export type GeminiReply = Record<string, unknown>;

/**
 * What a session's hooks keep between calls, in the MCP server that runs them (a hook that runs in-process
 * starts from nothing): where the session file was read to, what was translated, the request's length.
 */
export type GeminiMemory = {
  offset: number;
  seen: Set<string>;
  messages?: number;
  /** The hash of the `<state_snapshot>` content the last call held, if any. */
  snapshot?: string;
  /** When the person's views record a placed HUD: "now" where the process ends with the hook. */
  placed: "later" | "now";
  agents: AgentMemory;
};
export const newMemory = (placed: GeminiMemory["placed"]): GeminiMemory => ({
  offset: 0,
  seen: new Set(),
  placed,
  agents: newAgentMemory(),
});

type Step = (
  deps: HookDeps,
  session: SessionRuntime,
  input: GeminiHookInput,
  memory: GeminiMemory,
) => Promise<GeminiReply | undefined>;

export const directoryOf = (input: GeminiHookInput): string =>
  typeof input.cwd === "string" && input.cwd ? input.cwd : process.cwd();

/** The session file's new lines, through the port: usage, texts, tool calls and what they touched. */
async function catchUp(deps: HookDeps, session: SessionRuntime, input: GeminiHookInput, memory: GeminiMemory) {
  if (typeof input.transcript_path !== "string" || !input.transcript_path) return;
  const read = readFrom(input.transcript_path, memory.offset);
  memory.offset = read.offset;
  const apply = applyEvents(deps, directoryOf(input));
  for (const event of transcriptEvents(session.id, read.text, memory.seen)) await apply(event);
}

/** The text every agent call ends with: what the HUD is and how to edit it, then the HUD. */
export function trailer(deps: HookDeps, hud: string): string {
  const lead = instructions({ arrival: "tail", toolName: GEMINI_HUD_TOOL, compactTool: false }, deps.config);
  return `${lead}\n\n${hud}`;
}

const rewritten = (messages: LlmMessage[]): GeminiReply => ({
  hookSpecificOutput: { hookEventName: "BeforeModel", llm_request: { messages } },
});

/**
 * BeforeModel runs for the agent loop's calls only (not the router's or a compression's): the HUD goes in as
 * a trailing user content, which Gemini CLI sends and never keeps in its history.
 */
const beforeModel: Step = async (deps, session, input, memory) => {
  const raw = input.llm_request?.messages;
  const messages = Array.isArray(raw) ? (raw as LlmMessage[]) : [];
  // a request the hook cannot read whole goes out untouched
  if (!messages.length || messages.some((m) => typeof m?.role !== "string" || typeof m.content !== "string"))
    return undefined;
  // a sub-agent's call is none of the parent's: it only gets the parent's HUD once, in its first content
  if (isSubagentCall(memory.agents, messages)) {
    const sent = await toSubagent(deps, session, messages, memory.agents);
    return sent && rewritten(sent);
  }
  const model = typeof input.llm_request?.model === "string" ? input.llm_request.model : undefined;
  session.tracker.setLimits(geminiLimits(model));
  // A compression rewrote the history: a snapshot the call before did not hold, or fewer contents than it.
  // The count alone misses a short conversation (the snapshot and the kept turns can be as many as before).
  // Gemini CLI puts the snapshot in a user content; the model quoting one in its reply is no compression
  const summary = messages.find((m) => m.role === "user" && m.content.includes("<state_snapshot>"))?.content;
  const snapshot = summary === undefined ? undefined : hashText(summary);
  const seenBefore = memory.messages !== undefined;
  if (seenBefore && (messages.length < memory.messages! || (snapshot !== undefined && snapshot !== memory.snapshot)))
    await applyEvents(deps, directoryOf(input))({ kind: "compaction", session: session.id, summary: summary ?? "" });
  memory.messages = messages.length;
  memory.snapshot = snapshot;
  const hashes = messages.map((m) => hashText(`${m.role}\n${m.content}`));
  deps.ledger?.request(session, { resolve: [(e) => void (e.messages = hashes)] });
  deps.runtime.noteCall(session);
  let reply: GeminiReply | undefined;
  await placeAtTail(
    deps,
    session,
    (text) => {
      reply = rewritten([...messages, { role: "user", content: trailer(deps, text) }]);
      return true;
    },
    memory.placed,
  );
  return reply;
};

const nothing: Step = async () => undefined;

/** What the session's sub-agents did, once one has ended (its session file is whole). */
const agentsDone = async (deps: HookDeps, session: SessionRuntime, input: GeminiHookInput, memory: GeminiMemory) => {
  if (typeof input.transcript_path === "string" && input.transcript_path)
    await catchUpAgents(deps, session, input.transcript_path, directoryOf(input), memory.agents);
};

/** Where an `invoke_agent` call starts and ends (the extension's matcher sends no other tool's). */
const agentTool: Step = async (deps, session, input, memory) => {
  noteAgentTool(memory.agents, String(input.hook_event_name), input.tool_name);
  if (input.hook_event_name === "AfterTool") await agentsDone(deps, session, input, memory);
  return undefined;
};

/** What each hook does after the session file was read; the table is also the extension's hook list. */
export const STEPS: Record<string, Step> = {
  SessionStart: nothing,
  BeforeModel: beforeModel,
  BeforeTool: agentTool,
  AfterTool: agentTool,
  // the turn is over: no sub-agent runs (one that aborted never reached AfterTool)
  AfterAgent: async (deps, session, input, memory) => {
    if (memory.agents.open > 0) await agentsDone(deps, session, input, memory);
    memory.agents.open = 0;
    return undefined;
  },
  SessionEnd: async (deps, session, input) => {
    await applyEvents(deps, directoryOf(input))({ kind: "idle", session: session.id });
    return undefined;
  },
};

export const GEMINI_HOOK_EVENTS = Object.keys(STEPS);

/** One hook on an open runtime. Undefined: nothing to print. */
export async function runGeminiHook(
  deps: HookDeps,
  input: GeminiHookInput,
  memory: GeminiMemory,
): Promise<GeminiReply | undefined> {
  const step = STEPS[String(input.hook_event_name)];
  if (!step) return undefined;
  const session = deps.runtime.session(validateSessionID(input.session_id));
  deps.lastActive.sessionID = session.id;
  await catchUp(deps, session, input, memory);
  deps.runtime.touch(session);
  return step(deps, session, input, memory);
}
