import type { HudEvent } from "@agent-hud/hud-components";

/** What the runtime needs from the event store (the real one is `EventStore` in ../store). */
export interface EventReader {
  read(stream: string, afterSeq?: number): Array<{ seq: number; event: { kind: string; at: number }; pending?: true }>;
}

export interface EventLog extends EventReader {
  append(stream: string, events: HudEvent[]): number[];
  touchSession(info: { sessionID: string; projectKey: string; parentID?: string; now: number }): void;
  lastSession(projectKey: string, excludeSessionID: string): { sessionID: string; updatedAt: number } | undefined;
}
