import type { SessionMessage } from "./types.ts";

/** What the `hud` MCP server answers for the pane and `/hud` (its `hud_mod` `view` operation). */
export type HudView = { off: boolean; markdown: string; line: string };

/** One row of the pane: the HUD's markdown line, a heading drawn bold, the status line dim. */
export type PaneLine = { text: string; bold?: true; dim?: true };

/** The pane's rows, from the server's view: the status line first, then the HUD as the agent received it. */
export function paneLines(view: HudView): PaneLine[] {
  const lines: PaneLine[] = [{ text: view.line, dim: true }];
  if (view.off) return [...lines, { text: "The HUD is off for this session: /hud on turns it back on." }];
  for (const raw of view.markdown.split("\n")) {
    const text = raw.trimEnd();
    if (!text) continue;
    const heading = /^#{1,6}\s+(.*)$/.exec(text);
    lines.push(heading ? { text: heading[1]!, bold: true } : { text });
  }
  return lines;
}

/** The answer of a `hud_mod` call: its JSON, or undefined when the call failed or answered otherwise. */
export function parseAnswer<T>(
  result: { content: Array<{ text?: string }>; isError: boolean } | undefined,
): T | undefined {
  if (!result || result.isError) return undefined;
  try {
    return JSON.parse(result.content[0]?.text ?? "") as T;
  } catch {
    return undefined;
  }
}

/** The key file's text as `$.fs.read` gave it (a string, or an object holding it). */
export function keyText(read: unknown): string {
  const text = typeof read === "string" ? read : (read as { text?: unknown } | undefined)?.text;
  return typeof text === "string" ? text.trim() : "";
}

/** The error line of a failed `hud_mod` call. */
export const errorOf = (result: { content: Array<{ text?: string }> }) => result.content[0]?.text ?? "no answer";

/** How many of the newest messages a `hud` compaction keeps verbatim. */
export const KEPT_MESSAGES = 6;

/** A prompt the person typed: a user message with text and no tool results. */
const isPrompt = (m: SessionMessage) => m.role === "user" && !m.toolResults?.length && m.text.trim().length > 0;

/** What a `hud` compaction keeps of the conversation: the latest request and the newest messages, as text. */
export function tailOf(messages: readonly SessionMessage[]) {
  const request = [...messages].reverse().find(isPrompt)?.text ?? "";
  const turns = messages.slice(-KEPT_MESSAGES).map((m) => ({
    role: m.role,
    text: m.text,
    tools: m.toolUses.map((use) => use.tool ?? "tool"),
  }));
  return { request, turns };
}
