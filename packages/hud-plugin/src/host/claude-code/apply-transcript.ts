import type { HudEvent } from "@agent-hud/hud-components";
import { displayPath, rememberEdit, touchedFiles } from "../../hooks/files.ts";
import { bashResult } from "../../hooks/tool-result.ts";
import type { HookDeps } from "../../runtime/hook-deps.ts";
import type { SessionRuntime } from "../../runtime/session-runtime.ts";
import type { ToolCall, TranscriptChunk } from "./transcript.ts";

/** Claude Code's built-in tools that read or change a file, as the runtime's (opencode-named) file facts. */
const FILE_TOOLS: Record<string, string> = {
  Read: "read",
  Edit: "edit",
  Write: "write",
  MultiEdit: "multiedit",
  NotebookEdit: "edit",
};

/** The runtime's name for a tool: the HUD's own MCP tools are `hud`/`hud_compact`, so recall skips them. */
export function runtimeToolName(name: string): string {
  const own = /__(hud|hud_compact)$/.exec(name);
  if (own && name.startsWith("mcp__")) return own[1]!;
  if (name === "Bash") return "bash";
  return FILE_TOOLS[name] ?? name;
}

function fileArgs(input: unknown): unknown {
  const a = (input ?? {}) as { file_path?: unknown; notebook_path?: unknown };
  const path = typeof a.file_path === "string" ? a.file_path : a.notebook_path;
  return typeof path === "string" ? { filePath: path } : {};
}

/**
 * What one transcript chunk means for the session: usage for the context tracker, file and bash facts for
 * the HUD (the same events opencode's `tool.execute.after` records), and every text and finished tool call
 * for recall, so `search` still finds what a compaction removed.
 */
export function applyTranscript(
  deps: HookDeps,
  session: SessionRuntime,
  directory: string,
  chunk: TranscriptChunk,
): void {
  const calls = new Map<string, ToolCall>(chunk.calls.map((c) => [c.id, c]));
  const events: HudEvent[] = [];
  for (const result of chunk.results) {
    const call = calls.get(result.id);
    if (!call || result.error) continue;
    const tool = runtimeToolName(call.name);
    for (const file of touchedFiles(tool, fileArgs(call.input))) {
      const path = displayPath(directory, file.path);
      if (!file.edited) events.push({ kind: "file.open", at: result.at, path, action: "read" });
      else if (rememberEdit(deps, session.id, path)) events.push({ kind: "file.edit", at: result.at, path });
    }
    const bash = bashResult(tool, call.input, { output: result.output }, result.at, deps.redact.text);
    if (bash) events.push(bash);
  }
  if (events.length)
    deps.runtime.record(
      session,
      events.map((event) => ({ scope: "session" as const, event })),
    );
  if (chunk.usage) session.tracker.record(chunk.usage.id, chunk.usage.tokens, chunk.usage.at);
  indexForRecall(deps, session.id, chunk, calls);
}

function indexForRecall(deps: HookDeps, sessionID: string, chunk: TranscriptChunk, calls: Map<string, ToolCall>): void {
  const recall = deps.recall;
  if (!recall) return;
  for (const m of chunk.messages) {
    const info = {
      id: m.id,
      sessionID,
      role: m.role,
      summary: m.summary && m.role === "assistant",
      time: { created: m.at },
    };
    recall.observe({ type: "message.updated", properties: { info } });
    m.texts.forEach((text, i) => {
      const part = {
        id: `${m.id}-${i}`,
        sessionID,
        messageID: m.id,
        type: "text",
        text,
        time: { start: m.at, end: m.at },
      };
      recall.observe({ type: "message.part.updated", properties: { part } });
    });
  }
  for (const result of chunk.results) {
    const call = calls.get(result.id);
    const state = {
      status: result.error ? "error" : "completed",
      input: call?.input,
      [result.error ? "error" : "output"]: result.output,
      time: { start: result.at },
    };
    const owner = chunk.messages.find((m) => m.at === result.at)?.id ?? result.id;
    const part = {
      id: result.id,
      sessionID,
      messageID: owner,
      type: "tool",
      tool: runtimeToolName(call?.name ?? "tool"),
      state,
    };
    recall.observe({ type: "message.part.updated", properties: { part } });
  }
}
