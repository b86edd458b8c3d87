import type { CallUsage } from "../../cache-ledger/types.ts";
import { readLines } from "../../hook-process/transcript-lines.ts";

/**
 * Codex's rollout file (`$CODEX_HOME/sessions/YYYY/MM/DD/rollout-…-<thread>.jsonl`, the hooks'
 * `transcript_path`): one record per line, `{ timestamp, type, payload }`. Read from the byte offset the
 * session's file keeps, so each hook reads only what was written since the previous one. The records read
 * here: `response_item` (messages, function and custom tool calls and their outputs), `event_msg` of type
 * `token_count` (the latest response's usage and the model's window) and `compacted` (the summary).
 */

type Record_ = { timestamp?: string; type?: string; payload?: Record<string, unknown> };

export type RolloutMessage = { id: string; role: "user" | "assistant"; at: number; summary: boolean; texts: string[] };
/** A tool call; `namespace` is an MCP server's (`mcp__<server>`), whose tool `name` is then the bare name. */
export type RolloutCall = { id: string; name: string; namespace?: string; input: unknown; at: number };
export type RolloutResult = { id: string; output: string; at: number };

/** A model call's usage (one `token_count` event each), or a compaction between calls, in the file's order. */
export type LedgerEntry = { kind: "call"; id: string; at: number; usage: CallUsage } | { kind: "compaction" };

export type RolloutChunk = {
  offset: number;
  messages: RolloutMessage[];
  calls: RolloutCall[];
  results: RolloutResult[];
  usage: { id: string; tokens: CallUsage; at: number; window?: number } | undefined;
  /** Every call's usage for the cache ledger, not only the latest. */
  ledger: LedgerEntry[];
  /** The text of the latest compaction's summary in this chunk. */
  summary?: string;
};

export function readRollout(path: string, offset: number): RolloutChunk {
  const { text, offset: end } = readLines(path, offset);
  const chunk: RolloutChunk = { offset: end, messages: [], calls: [], results: [], usage: undefined, ledger: [] };
  let index = 0;
  /** The line before reported a model call's usage. */
  let counted = false;
  for (const raw of text.split("\n")) {
    if (!raw.trim()) continue;
    try {
      const line = JSON.parse(raw) as Record_;
      // the compaction's own request reports its usage just before the summary: no call of the conversation
      if (line.type === "compacted" && counted) chunk.ledger.pop();
      const before = chunk.ledger.length;
      take(line, chunk, `${offset}-${index++}`);
      counted = line.type === "event_msg" && chunk.ledger.length > before;
    } catch {
      // a line that is not JSON is skipped
    }
  }
  return chunk;
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);
const str = (v: unknown) => (typeof v === "string" ? v : undefined);

function take(line: Record_, chunk: RolloutChunk, fallbackID: string): void {
  const payload = line.payload;
  if (!payload) return;
  const at = Date.parse(line.timestamp ?? "") || 0;
  if (line.type === "compacted") {
    chunk.summary = str(payload["message"]) ?? "";
    chunk.ledger.push({ kind: "compaction" });
    chunk.messages.push({
      id: `compacted-${fallbackID}`,
      role: "assistant",
      at,
      summary: true,
      texts: [chunk.summary],
    });
    return;
  }
  if (line.type === "event_msg" && payload["type"] === "token_count") {
    const info = payload["info"] as Record<string, unknown> | null | undefined;
    const last = info?.["last_token_usage"] as Record<string, unknown> | undefined;
    if (!last) return;
    // OpenAI's input count includes the cached part; the tracker's `input` is the uncached rest
    const cached = num(last["cached_input_tokens"]);
    const tokens = {
      input: num(last["input_tokens"]) - cached,
      output: num(last["output_tokens"]),
      cacheRead: cached,
      cacheWrite: 0,
    };
    const window = num(info?.["model_context_window"]);
    chunk.usage = { id: `usage-${fallbackID}`, tokens, at, ...(window > 0 ? { window } : {}) };
    // Codex repeats the latest count (a rate-limit update) and, after a compaction, states an estimate with
    // no input: the session's running total names a call, so a repeat is the same call, and no input is none
    const total = num((info?.["total_token_usage"] as Record<string, unknown> | undefined)?.["total_tokens"]);
    if (num(last["input_tokens"]) > 0)
      chunk.ledger.push({ kind: "call", id: total > 0 ? `call-${total}` : chunk.usage.id, at, usage: tokens });
    return;
  }
  if (line.type !== "response_item") return;
  const type = payload["type"];
  if (type === "message") {
    const role = payload["role"];
    if (role !== "user" && role !== "assistant") return;
    const texts = Array.isArray(payload["content"])
      ? (payload["content"] as Array<Record<string, unknown>>).flatMap((part) => str(part?.["text"]) ?? [])
      : [];
    chunk.messages.push({ id: str(payload["id"]) ?? `message-${fallbackID}`, role, at, summary: false, texts });
    return;
  }
  const id = str(payload["call_id"]);
  if (!id) return;
  if (type === "function_call" || type === "custom_tool_call") {
    const name = str(payload["name"]);
    if (!name) return;
    const namespace = str(payload["namespace"]);
    chunk.calls.push({ id, name, input: inputOf(payload), at, ...(namespace ? { namespace } : {}) });
  } else if (type === "function_call_output" || type === "custom_tool_call_output") {
    chunk.results.push({ id, output: outputText(payload["output"]), at });
  }
}

/** A function call's arguments are a JSON string; a custom tool's (apply_patch) input is its raw text. */
function inputOf(payload: Record<string, unknown>): unknown {
  const args = payload["arguments"];
  if (typeof args === "string")
    try {
      return JSON.parse(args) as unknown;
    } catch {
      return args;
    }
  return payload["input"];
}

function outputText(output: unknown): string {
  if (typeof output === "string") return output;
  if (Array.isArray(output))
    return output
      .map((part) => (part && typeof part === "object" && "text" in part ? String(part.text) : ""))
      .join("\n");
  if (output && typeof output === "object" && "content" in output) return outputText(output.content);
  return output === undefined ? "" : JSON.stringify(output);
}

/**
 * PostToolUse's own call (`tool_name`, `tool_input`, `tool_response`, `tool_use_id`): the rollout may not
 * hold its output yet when the hook runs. Added to the chunk, and every result already applied (`seen`, the
 * ids kept in the session's file) is dropped, so each is applied once; returns the ids to keep.
 */
export function mergeHookCall(
  chunk: RolloutChunk,
  hook: Record<string, unknown>,
  at: number,
  seen: string[],
): string[] {
  const id = hook["tool_use_id"];
  const name = hook["tool_name"];
  if (typeof id === "string" && typeof name === "string" && hook["tool_response"] !== undefined) {
    if (!chunk.calls.some((c) => c.id === id)) chunk.calls.push({ id, name, input: hook["tool_input"], at });
    if (!chunk.results.some((r) => r.id === id))
      chunk.results.push({ id, output: outputText(hook["tool_response"]), at });
  }
  const before = new Set(seen);
  chunk.results = chunk.results.filter((r) => !before.has(r.id));
  return [...seen, ...chunk.results.map((r) => r.id)].slice(-SEEN_TOOLS);
}

/** How many applied tool results a session remembers, so a call read twice is applied once. */
const SEEN_TOOLS = 256;
