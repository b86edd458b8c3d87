import type { HostEvent } from "../../src/events/host-event.ts";
import { fromBus } from "../../src/host/v1/bus.ts";

/** Bus events as opencode 1.18 publishes them for a conversation: messages, then their finished parts. */
export type BusEvent = { type: string; properties: Record<string, unknown> };

/** The bus events as opencode 1's host translates them for the runtime (and recall). */
export const port = (events: readonly BusEvent[]): HostEvent[] => events.flatMap((e) => fromBus(e, 0));

/** Feeds opencode 1's bus events to recall, through the host's translation. */
export function observe(recall: { observe(event: HostEvent): void }, events: readonly BusEvent[]): void {
  for (const event of port(events)) recall.observe(event);
}

let counter = 0;
const nextID = (prefix: string) => `${prefix}_${String(++counter).padStart(6, "0")}`;

export function userMessage(sessionID: string, text: string, at: number): BusEvent[] {
  const id = nextID("msg");
  return [
    { type: "message.updated", properties: { info: { id, sessionID, role: "user", time: { created: at } } } },
    {
      type: "message.part.updated",
      properties: { part: { id: nextID("prt"), sessionID, messageID: id, type: "text", text } },
    },
  ];
}

export function toolCall(sessionID: string, tool: string, input: unknown, output: string, at: number): BusEvent[] {
  const id = nextID("msg");
  const part = { id: nextID("prt"), sessionID, messageID: id, type: "tool", tool, callID: nextID("call") };
  return [
    { type: "message.updated", properties: { info: { id, sessionID, role: "assistant", time: { created: at } } } },
    // running first, as opencode reports it: nothing to index until it completes
    { type: "message.part.updated", properties: { part: { ...part, state: { status: "running", input } } } },
    {
      type: "message.part.updated",
      properties: { part: { ...part, state: { status: "completed", input, output, time: { start: at, end: at } } } },
    },
  ];
}

export function assistantText(sessionID: string, text: string, at: number, summary = false): BusEvent[] {
  const id = nextID("msg");
  const part = { id: nextID("prt"), sessionID, messageID: id, type: "text" };
  return [
    {
      type: "message.updated",
      properties: {
        info: { id, sessionID, role: "assistant", time: { created: at }, ...(summary ? { summary } : {}) },
      },
    },
    // streaming: a text part without an end time is not indexed yet
    { type: "message.part.updated", properties: { part: { ...part, text: text.slice(0, 3), time: { start: at } } } },
    { type: "message.part.updated", properties: { part: { ...part, text, time: { start: at, end: at } } } },
  ];
}

/** The messages list the SDK client returns for these events: each message with its last part states. */
export function asMessages(events: readonly BusEvent[]) {
  const messages = new Map<string, { info: Record<string, unknown>; parts: Map<string, Record<string, unknown>> }>();
  for (const e of events) {
    if (e.type === "message.updated") {
      const info = e.properties["info"] as { id: string };
      messages.set(info.id, { info, parts: messages.get(info.id)?.parts ?? new Map() });
    } else {
      const part = e.properties["part"] as { id: string; messageID: string };
      messages.get(part.messageID)!.parts.set(part.id, part);
    }
  }
  return [...messages.values()].map((m) => ({ info: m.info, parts: [...m.parts.values()] }));
}
