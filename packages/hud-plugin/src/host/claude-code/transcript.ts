import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import type { AssistantTokens } from "../../context/index.ts";

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
  uuid?: string;
  sessionId?: string;
  timestamp?: string;
  isCompactSummary?: boolean;
  isMeta?: boolean;
  message?: { role?: string; content?: unknown; usage?: Record<string, unknown>; model?: string };
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

export type TranscriptChunk = {
  /** Where the next read starts: the end of the last complete line. */
  offset: number;
  messages: TranscriptMessage[];
  calls: ToolCall[];
  results: ToolResult[];
  /** The latest model call's usage, as the tracker counts it. */
  usage: { id: string; tokens: AssistantTokens; at: number; model?: string } | undefined;
};

/** At most this much is read per hook; a longer backlog is read over the next hooks. */
const MAX_READ = 4 * 1024 * 1024;

export function readTranscript(path: string, offset: number): TranscriptChunk {
  const chunk: TranscriptChunk = { offset, messages: [], calls: [], results: [], usage: undefined };
  const fd = openSync(path, "r");
  let text: string;
  try {
    const size = fstatSync(fd).size;
    // a transcript rewritten shorter than what was read: read it again from the start
    const start = size < offset ? 0 : offset;
    const length = Math.min(size - start, MAX_READ);
    if (length <= 0) return { ...chunk, offset: start };
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, start);
    const end = buffer.lastIndexOf(0x0a);
    if (end < 0) return { ...chunk, offset: start };
    text = buffer.subarray(0, end + 1).toString("utf8");
    chunk.offset = start + end + 1;
  } finally {
    closeSync(fd);
  }
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
    const tokens: AssistantTokens = {
      input: num(usage["input_tokens"]),
      output: num(usage["output_tokens"]),
      cache: { read: num(usage["cache_read_input_tokens"]), write: num(usage["cache_creation_input_tokens"]) },
    };
    chunk.usage = { id: line.uuid, tokens, at, ...(message.model ? { model: message.model } : {}) };
  }
}

function resultText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return (content as Block[])
    .map((b) => (b.type === "text" && typeof b.text === "string" ? b.text : ""))
    .filter(Boolean)
    .join("\n");
}
