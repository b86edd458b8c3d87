import type { CallUsage } from "../../cache-ledger/types.ts";
import { readLines } from "../../hook-process/transcript-lines.ts";

/**
 * Claude Code's session transcript (JSONL, one message per line). Read incrementally from a byte offset the
 * session's state file keeps, so each hook reads only what was written since the previous hook.
 */

type Block = {
  type?: string;
  text?: unknown;
  id?: unknown;
  name?: unknown;
  input?: unknown;
  tool_use_id?: unknown;
  content?: unknown;
  is_error?: unknown;
};
type Line = {
  type?: string;
  subtype?: string;
  uuid?: string;
  isSidechain?: boolean;
  sessionId?: string;
  timestamp?: string;
  isCompactSummary?: boolean;
  isMeta?: boolean;
  message?: { id?: string; role?: string; content?: unknown; usage?: Record<string, unknown>; model?: string };
};

export type TranscriptMessage = {
  id: string;
  role: "user" | "assistant";
  at: number;
  summary: boolean;
  texts: string[];
};
export type ToolCall = { id: string; name: string; input: unknown; at: number };
export type ToolResult = { id: string; output: string; error: boolean; at: number };

/**
 * The main loop's model calls in transcript order, one per answer (`message.id`; its content blocks come as
 * lines of their own), with the compactions between them. `at` is when the request went out: the time of
 * the prompt or tool result line before the answer, or the answer's own when the chunk holds none.
 */
export type TranscriptCall = { kind: "call"; id: string; at: number; usage: CallUsage } | { kind: "compaction" };

export type TranscriptChunk = {
  /** Where the next read starts: the end of the last complete line. */
  offset: number;
  messages: TranscriptMessage[];
  calls: ToolCall[];
  results: ToolResult[];
  /** The latest model call's usage, as the tracker counts it. */
  usage: { id: string; tokens: CallUsage; at: number; model?: string } | undefined;
  ledger: TranscriptCall[];
  /** The time of the latest prompt or tool result line, until an answer takes it as its request's time. */
  requestAt?: number;
};

/** `requestAt`: the chunk before ended with a prompt or tool result no answer has taken yet. */
export function readTranscript(path: string, offset: number, requestAt?: number): TranscriptChunk {
  const { text, offset: end } = readLines(path, offset);
  const chunk: TranscriptChunk = { offset: end, messages: [], calls: [], results: [], usage: undefined, ledger: [] };
  if (requestAt !== undefined) chunk.requestAt = requestAt;
  for (const raw of text.split("\n")) {
    if (!raw.trim()) continue;
    let line: Line;
    try {
      line = JSON.parse(raw) as Line;
    } catch {
      continue;
    }
    take(line, chunk);
  }
  return chunk;
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);

function take(line: Line, chunk: TranscriptChunk): void {
  if (line.type === "system" && line.subtype === "compact_boundary") chunk.ledger.push({ kind: "compaction" });
  if ((line.type !== "user" && line.type !== "assistant") || typeof line.uuid !== "string") return;
  const message = line.message;
  if (!message) return;
  const at = Date.parse(line.timestamp ?? "") || 0;
  const role = line.type;
  const texts: string[] = [];
  const content = message.content;
  if (typeof content === "string") texts.push(content);
  else if (Array.isArray(content))
    for (const block of content as Block[]) {
      if (block.type === "text" && typeof block.text === "string") texts.push(block.text);
      else if (block.type === "tool_use" && typeof block.id === "string" && typeof block.name === "string")
        chunk.calls.push({ id: block.id, name: block.name, input: block.input, at });
      else if (block.type === "tool_result" && typeof block.tool_use_id === "string")
        chunk.results.push({
          id: block.tool_use_id,
          output: resultText(block.content),
          error: block.is_error === true,
          at,
        });
    }
  if (!line.isMeta) chunk.messages.push({ id: line.uuid, role, at, summary: line.isCompactSummary === true, texts });
  const usage = message.usage;
  if (role === "assistant" && usage) {
    chunk.usage = { id: line.uuid, tokens: usageOf(usage), at, ...(message.model ? { model: message.model } : {}) };
  }
  if (!line.isSidechain) takeCall(line, chunk, at);
}

/** Claude Code's placeholder answers (an API error, an interrupt) made no model call. */
const SYNTHETIC_MODEL = "<synthetic>";

/** A transcript line's `usage` in the one usage type: the tracker and the ledger read the same numbers. */
function usageOf(u: Record<string, unknown>): CallUsage {
  return {
    input: num(u["input_tokens"]),
    output: num(u["output_tokens"]),
    cacheRead: num(u["cache_read_input_tokens"]),
    cacheWrite: num(u["cache_creation_input_tokens"]),
  };
}

function takeCall(line: Line, chunk: TranscriptChunk, at: number): void {
  const message = line.message!;
  if (line.type === "user") {
    if (line.isCompactSummary) chunk.ledger.push({ kind: "compaction" });
    else if (!line.isMeta) chunk.requestAt = at;
    return;
  }
  const u = message.usage;
  if (!u || message.model === SYNTHETIC_MODEL) return;
  const usage = usageOf(u);
  if (usage.input + usage.output + usage.cacheRead + usage.cacheWrite === 0) return;
  const id = typeof message.id === "string" && message.id ? message.id : line.uuid!;
  const last = chunk.ledger.at(-1);
  // a later block of the same answer carries the answer's final output count
  if (last?.kind === "call" && last.id === id) {
    last.usage = usage;
    return;
  }
  chunk.ledger.push({ kind: "call", id, at: chunk.requestAt ?? at, usage });
  delete chunk.requestAt;
}

export function resultText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return (content as Block[])
    .map((b) => (b.type === "text" && typeof b.text === "string" ? b.text : ""))
    .filter(Boolean)
    .join("\n");
}

/**
 * PostToolBatch's `tool_calls` (`tool_name`, `tool_input`, `tool_use_id`, `tool_response`): the batch as the
 * hook sees it, which the transcript may not hold yet when the hook runs.
 */
export function batchOf(toolCalls: unknown, at: number): Pick<TranscriptChunk, "calls" | "results"> {
  const calls: ToolCall[] = [];
  const results: ToolResult[] = [];
  if (!Array.isArray(toolCalls)) return { calls, results };
  for (const raw of toolCalls as Array<Record<string, unknown>>) {
    const id = raw?.["tool_use_id"];
    const name = raw?.["tool_name"];
    if (typeof id !== "string" || typeof name !== "string") continue;
    calls.push({ id, name, input: raw["tool_input"], at });
    if (raw["tool_response"] !== undefined)
      results.push({ id, output: resultText(raw["tool_response"]), error: false, at });
  }
  return { calls, results };
}

/** Adds the batch to a chunk and drops the tool results already applied (`seen`, updated, kept short). */
export function mergeBatch(
  chunk: TranscriptChunk,
  batch: Pick<TranscriptChunk, "calls" | "results">,
  seen: string[],
): string[] {
  const known = new Set(chunk.calls.map((c) => c.id));
  chunk.calls.push(...batch.calls.filter((c) => !known.has(c.id)));
  const resultIds = new Set(chunk.results.map((r) => r.id));
  chunk.results.push(...batch.results.filter((r) => !resultIds.has(r.id)));
  const before = new Set(seen);
  chunk.results = chunk.results.filter((r) => !before.has(r.id));
  return [...seen, ...chunk.results.map((r) => r.id)].slice(-SEEN_TOOLS);
}

/** How many applied tool results a session remembers, so a batch read twice is applied once. */
const SEEN_TOOLS = 256;
