import type { FileFact, HostEvent, ShellFact } from "../../events/host-event.ts";
import type { ToolCall, ToolResult, TranscriptChunk } from "./transcript.ts";

/** Claude Code's built-in tools that read or change a file: true when the call changes it. */
const FILE_TOOLS: Record<string, boolean> = {
  Read: false,
  Edit: true,
  Write: true,
  MultiEdit: true,
  NotebookEdit: true,
};

/** The HUD's own MCP tools (`mcp__<server>__hud`, `…__hud_compact`): recall skips them. */
export function isOwnTool(name: string): boolean {
  return name.startsWith("mcp__") && /__(hud|hud_compact)$/.test(name);
}

/** What a successful built-in call read, changed or printed (a failed one touched nothing). */
export function toolFacts(call: ToolCall, result: ToolResult): Array<FileFact | ShellFact> {
  const input = (call.input ?? {}) as { file_path?: unknown; notebook_path?: unknown; command?: unknown };
  if (call.name === "Bash")
    return [
      {
        kind: "shell",
        at: result.at,
        ...(typeof input.command === "string" ? { command: input.command } : {}),
        output: result.output,
      },
    ];
  const edited = FILE_TOOLS[call.name];
  const path = typeof input.file_path === "string" ? input.file_path : input.notebook_path;
  if (edited === undefined || typeof path !== "string" || !path) return [];
  return [{ kind: "file", at: result.at, path, edited }];
}

/**
 * What one transcript chunk means for the session, as the port's events: file and bash facts for the HUD
 * (the same facts opencode's `tool.execute.after` gives), then every message, text and finished tool call for
 * recall, so `search` still finds what a compaction removed. The chunk's usage goes to the context tracker
 * apart: the cache ledger reads the transcript's calls with the evidence only it holds (`ledger-calls.ts`).
 */
export function transcriptEvents(sessionID: string, chunk: TranscriptChunk): HostEvent[] {
  const calls = new Map<string, ToolCall>(chunk.calls.map((c) => [c.id, c]));
  const facts = chunk.results.flatMap((result) => {
    const call = calls.get(result.id);
    return call && !result.error ? toolFacts(call, result) : [];
  });
  return [{ kind: "activity", session: sessionID, facts }, ...hostEvents(sessionID, chunk, calls)];
}

/** The chunk's messages, their texts and the finished tool calls, as the port's events. */
function hostEvents(sessionID: string, chunk: TranscriptChunk, calls: Map<string, ToolCall>): HostEvent[] {
  const out: HostEvent[] = [];
  for (const m of chunk.messages) {
    const summary = m.summary && m.role === "assistant";
    out.push({
      kind: "message",
      session: sessionID,
      id: m.id,
      role: m.role,
      at: m.at,
      ...(summary ? { summary } : {}),
    });
    m.texts.forEach((text, i) =>
      out.push({ kind: "text", session: sessionID, message: m.id, id: `${m.id}-${i}`, text, at: m.at }),
    );
  }
  for (const result of chunk.results) {
    const call = calls.get(result.id);
    const name = call?.name ?? "tool";
    out.push({
      kind: "tool",
      session: sessionID,
      message: chunk.messages.find((m) => m.at === result.at)?.id ?? result.id,
      id: result.id,
      tool: name,
      own: isOwnTool(name),
      done: true,
      failed: result.error,
      input: call?.input,
      output: result.output,
      at: result.at,
    });
  }
  return out;
}
