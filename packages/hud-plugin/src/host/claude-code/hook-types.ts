import type { HookDeps } from "../../runtime/hook-deps.ts";
import type { SessionRuntime } from "../../runtime/session-runtime.ts";
import type { SessionFile } from "../../append-only/session-file.ts";

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

/** One hook as its step sees it: the session's runtime and record, and who in the session it is for. */
export type Hook = {
  deps: HookDeps;
  directory: string;
  event: string;
  input: HookInput;
  env: Record<string, string | undefined>;
  session: SessionRuntime;
  file: SessionFile;
  /** A sub-agent's hook: its conversation is its own. */
  agent: string | undefined;
  /** SessionStart after a compaction: the summary replaced the conversation. */
  compacted: boolean;
};
