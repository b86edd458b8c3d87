// Gemini CLI's session file (`~/.gemini/tmp/<project>/chats/session-*.jsonl`, the hook input's
// `transcript_path`): one record per line, a message written again whenever it grows (its tool calls, their
// results), and `$set` lines for the session's fields. Read from where the last hook stopped; translated into
// the event port here and nowhere else.
import type { FileFact, HostEvent, ShellFact } from "../../events/host-event.ts";
import type { CallUsage } from "../../cache-ledger/types.ts";
import { readLines, type LinesRead } from "../../hook-process/transcript-lines.ts";

type Part = { text?: unknown; functionResponse?: { response?: unknown } };
type ToolCall = {
  id?: unknown;
  name?: unknown;
  args?: unknown;
  result?: unknown;
  status?: unknown;
  timestamp?: unknown;
};
/** The fields of a message record this adapter reads. */
type Record_ = {
  id?: unknown;
  timestamp?: unknown;
  type?: unknown;
  content?: unknown;
  tokens?: { input?: unknown; output?: unknown; cached?: unknown; thoughts?: unknown };
  model?: unknown;
  toolCalls?: ToolCall[];
};

/** Gemini CLI's built-in tools that read or change a file: true when the call changes it. */
const FILE_TOOLS: Record<string, boolean> = { read_file: false, write_file: true, replace: true };

/** The extension's own MCP tools (`mcp_<server>_hud`, `…_hud_compact`): recall skips them. */
export const isOwnTool = (name: string): boolean => /^mcp_.+_(hud|hud_compact)$/.test(name);

/**
 * The bytes after `offset`, up to the last whole line; the new offset. Up to 8 MB a hook; a longer line (a
 * tool's output of 50 MB) is skipped. An unreadable file reads as nothing new.
 */
export function readFrom(path: string, offset: number): LinesRead {
  try {
    return readLines(path, offset, { maxRead: 8 * 1024 * 1024 });
  } catch {
    return { text: "", offset };
  }
}

const textOf = (content: unknown): string => {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return (content as Part[])
    .map((part) => (typeof part?.text === "string" ? part.text : ""))
    .filter(Boolean)
    .join("\n");
};

const timeOf = (value: unknown): number => {
  const at = typeof value === "string" ? Date.parse(value) : NaN;
  return Number.isFinite(at) ? at : Date.now();
};

const num = (value: unknown): number => (typeof value === "number" && Number.isFinite(value) ? value : 0);

/** Gemini's counts: `input` holds the cached tokens too; the port's `input` does not. */
export function usageOf(tokens: Record_["tokens"]): CallUsage | undefined {
  if (!tokens || typeof tokens.input !== "number") return undefined;
  const cached = num(tokens.cached);
  return {
    input: Math.max(0, tokens.input - cached),
    output: num(tokens.output) + num(tokens.thoughts),
    cacheRead: cached,
    cacheWrite: 0,
  };
}

function resultText(result: unknown): string {
  if (!Array.isArray(result)) return typeof result === "string" ? result : "";
  return (result as Part[])
    .map((part) => {
      const response = part?.functionResponse?.response as { output?: unknown; error?: unknown } | undefined;
      if (typeof response?.output === "string") return response.output;
      if (typeof response?.error === "string") return response.error;
      return response === undefined ? "" : JSON.stringify(response);
    })
    .join("\n");
}

/** What a finished built-in call read, changed or ran (a failed one touched nothing). */
export function toolFacts(call: ToolCall, at: number): Array<FileFact | ShellFact> {
  const name = String(call.name ?? "");
  const args = (call.args ?? {}) as { file_path?: unknown; command?: unknown };
  if (call.status !== "success") return [];
  if (name === "run_shell_command")
    return [
      {
        kind: "shell",
        at,
        ...(typeof args.command === "string" ? { command: args.command } : {}),
        output: resultText(call.result),
      },
    ];
  const edited = FILE_TOOLS[name];
  if (edited === undefined || typeof args.file_path !== "string" || !args.file_path) return [];
  return [{ kind: "file", at, path: args.file_path, edited }];
}

/**
 * The port's events for the lines read: each message and its text, each answer's usage (once, when its
 * tokens first appear), each finished tool call with the files and commands it touched. `seen` holds the
 * message and tool-call ids already translated (the file repeats a record as it grows).
 */
export function transcriptEvents(session: string, text: string, seen: Set<string>): HostEvent[] {
  const out: HostEvent[] = [];
  const facts: Array<FileFact | ShellFact> = [];
  for (const line of text.split("\n")) {
    if (!line.startsWith("{")) continue;
    let record: Record_;
    try {
      record = JSON.parse(line) as Record_;
    } catch {
      continue;
    }
    if (typeof record.id !== "string" || (record.type !== "user" && record.type !== "gemini")) continue;
    const id = record.id;
    const at = timeOf(record.timestamp);
    const role = record.type === "gemini" ? "assistant" : "user";
    const usage = role === "assistant" ? usageOf(record.tokens) : undefined;
    const body = textOf(record.content);
    const key = `${id}:${usage ? "u" : ""}:${body.length}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push({ kind: "message", session, id, role, at, usage });
      if (body) out.push({ kind: "text", session, message: id, id: `${id}-text`, text: body, at });
    }
    for (const call of record.toolCalls ?? []) {
      const callID = typeof call.id === "string" ? call.id : undefined;
      if (!callID || call.result === undefined || seen.has(callID)) continue;
      seen.add(callID);
      const name = String(call.name ?? "tool");
      const callAt = timeOf(call.timestamp);
      facts.push(...toolFacts(call, callAt));
      out.push({
        kind: "tool",
        session,
        message: id,
        id: callID,
        tool: name,
        own: isOwnTool(name),
        done: true,
        failed: call.status !== "success",
        input: call.args,
        output: resultText(call.result),
        at: callAt,
      });
    }
  }
  if (facts.length) out.push({ kind: "activity", session, facts });
  return out;
}
