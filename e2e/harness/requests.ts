/** Reading recorded provider requests: where the HUD is, what the preamble is, whether the cached prefix held. */
import { systemText, textOf, type ChatMessage, type RecordedRequest } from "./fake-llm.ts";

export const HUD_OPEN = "<agent-hud>";
export const HUD_CLOSE = "</agent-hud>";
export const PREAMBLE_HEADING = "# Agent HUD";

function between(text: string): string | undefined {
  const start = text.lastIndexOf(HUD_OPEN);
  const end = text.lastIndexOf(HUD_CLOSE);
  if (start < 0 || end < start) return undefined;
  return text.slice(start + HUD_OPEN.length, end).trim();
}

/** The HUD carried by the request's final message (tail placement), or undefined. */
export function tailHud(request: RecordedRequest): string | undefined {
  const last = request.body.messages.at(-1);
  if (!last || last.role !== "user") return undefined;
  return between(textOf(last.content));
}

/** Every message (system or not) that carries a HUD block. */
export function hudMessages(request: RecordedRequest): ChatMessage[] {
  return request.body.messages.filter((m) => textOf(m.content).includes(HUD_OPEN));
}

/** The HUD found in system[] (system placement). */
export function systemHud(request: RecordedRequest): string | undefined {
  return between(systemText(request.body));
}

/** The plugin's preamble block inside the system prompt. */
export function preambleOf(request: RecordedRequest): string | undefined {
  const system = systemText(request.body);
  const start = system.indexOf(PREAMBLE_HEADING);
  if (start < 0) return undefined;
  const hud = system.indexOf(HUD_OPEN, start);
  return system.slice(start, hud < 0 ? undefined : hud).trimEnd();
}

/** Tool results the model received in this request, in order. */
export function toolResults(request: RecordedRequest): string[] {
  return request.body.messages.filter((m) => m.role === "tool").map((m) => textOf(m.content));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Whether `next` re-sends everything `previous` sent before its newest message, byte for byte (tools
 * included): the condition for a provider's prompt cache to serve that prefix.
 */
export function prefixKept(previous: RecordedRequest, next: RecordedRequest): boolean {
  if (!same(previous.body.tools ?? [], next.body.tools ?? [])) return false;
  const prefix = previous.body.messages.slice(0, -1);
  if (next.body.messages.length < prefix.length) return false;
  return prefix.every((message, i) => same(message, next.body.messages[i]));
}

/** How many consecutive request pairs broke the cached prefix. */
export function prefixChanges(requests: RecordedRequest[]): number {
  let changes = 0;
  for (let i = 1; i < requests.length; i++) if (!prefixKept(requests[i - 1]!, requests[i]!)) changes++;
  return changes;
}
