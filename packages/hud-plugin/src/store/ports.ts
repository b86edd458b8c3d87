import type { HudEvent } from "@agent-hud/hud-components";

/** What the runtime needs from the event store (the real one is `EventStore` in this folder). */
export interface EventReader {
  read(stream: string, afterSeq?: number): Array<{ seq: number; event: { kind: string; at: number }; pending?: true }>;
}

export interface EventLog extends EventReader {
  append(stream: string, events: HudEvent[]): number[];
  touchSession(info: { sessionID: string; projectKey: string; parentID?: string; now: number; holder?: string }): void;
  /** The project's most recently touched other top-level sessions, newest first. */
  recentSessions(
    projectKey: string,
    excludeSessionID: string,
    limit?: number,
  ): Array<{ sessionID: string; updatedAt: number; holder?: string }>;
}
