import { hashText } from "../../cache-ledger/hash.ts";
import { applyEvents } from "../../hooks/apply-event.ts";
import { placeAtTail } from "../../placement/tail.ts";
import { instructions } from "../../placement/instructions.ts";
import type { HookDeps } from "../../runtime/hook-deps.ts";
import type { SessionRuntime } from "../../runtime/session-runtime.ts";
import { validateSessionID } from "../../store/index.ts";
import { GEMINI_HUD_TOOL } from "./names.ts";
import { geminiLimits } from "./limits.ts";
import { readFrom, transcriptEvents } from "./transcript.ts";

/** The fields of Gemini CLI's hook input (stdin JSON) this adapter reads. */
export type GeminiHookInput = {
  session_id?: unknown;
  transcript_path?: unknown;
  cwd?: unknown;
  hook_event_name?: unknown;
  /** BeforeModel: the request as hooks see it, each content's text parts as one `content`. */
  llm_request?: { model?: unknown; messages?: unknown };
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
  /** When the person's views record a placed HUD: "now" where the process ends with the hook. */
  placed: "later" | "now";
};
export const newMemory = (placed: GeminiMemory["placed"]): GeminiMemory => ({ offset: 0, seen: new Set(), placed });

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
  const model = typeof input.llm_request?.model === "string" ? input.llm_request.model : undefined;
  session.tracker.setLimits(geminiLimits(model));
  // a compression rewrote the history: fewer contents than the call before, the snapshot first
  if (memory.messages !== undefined && messages.length < memory.messages) {
    const summary = messages.find((m) => m.content.includes("<state_snapshot>"))?.content ?? "";
    await applyEvents(deps, directoryOf(input))({ kind: "compaction", session: session.id, summary });
  }
  memory.messages = messages.length;
  const hashes = messages.map((m) => hashText(`${m.role}\n${m.content}`));
  deps.ledger?.request(session, { resolve: [(e) => void (e.messages = hashes)] });
  deps.runtime.noteCall(session);
  let reply: GeminiReply | undefined;
  await placeAtTail(
    deps,
    session,
    (text) => {
      const tail: LlmMessage = { role: "user", content: trailer(deps, text) };
      reply = { hookSpecificOutput: { hookEventName: "BeforeModel", llm_request: { messages: [...messages, tail] } } };
      return true;
    },
    memory.placed,
  );
  return reply;
};

const nothing: Step = async () => undefined;

/** What each hook does after the session file was read; the table is also the extension's hook list. */
export const STEPS: Record<string, Step> = {
  SessionStart: nothing,
  BeforeModel: beforeModel,
  AfterAgent: nothing,
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
