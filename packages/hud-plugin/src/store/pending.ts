import type { SessionRow } from "./statements.ts";
import type { HudEvent, SessionInfo, StoredEvent } from "./types.ts";

/** An event recorded by this process but not yet confirmed in the database. */
export interface PendingEvent {
  uid: string;
  stream: string;
  kind: string;
  at: number;
  payload: string;
  event: HudEvent;
}

/**
 * What the store holds in memory while the database cannot take writes: events in the order they were
 * appended (across all streams, since seqs are global) and the latest touch of each session.
 * Provisional seqs continue after the highest seq known, so a flush with no other writer in between
 * gives every event exactly the seq it was shown with.
 */
export class PendingBuffer {
  private events: PendingEvent[] = [];
  private sessions = new Map<string, SessionRow>();

  get size(): number {
    return this.events.length + this.sessions.size;
  }

  get eventCount(): number {
    return this.events.length;
  }

  push(entries: PendingEvent[]): void {
    for (const entry of entries) this.events.push(entry);
  }

  touch(info: SessionInfo): void {
    const prev = this.sessions.get(info.sessionID);
    const latest = prev === undefined || info.now >= prev.updatedAt;
    this.sessions.set(info.sessionID, {
      sessionID: info.sessionID,
      projectKey: info.projectKey,
      parentID: info.parentID ?? prev?.parentID ?? null,
      createdAt: Math.min(prev?.createdAt ?? info.now, info.now),
      updatedAt: Math.max(prev?.updatedAt ?? info.now, info.now),
      holder: (latest ? info.holder : undefined) ?? prev?.holder ?? null,
    });
  }

  /** Snapshot for a flush attempt; nothing is removed until `confirm` says the database has it. */
  snapshot(): { events: PendingEvent[]; sessions: SessionRow[] } {
    return { events: [...this.events], sessions: [...this.sessions.values()] };
  }

  /** Drops what a committed flush wrote (entries appended during the flush stay). */
  confirm(events: number, sessions: SessionRow[]): void {
    this.events.splice(0, events);
    for (const s of sessions) {
      if (this.sessions.get(s.sessionID) === s) this.sessions.delete(s.sessionID);
    }
  }

  read(stream: string, afterSeq: number, base: number): StoredEvent[] {
    const out: StoredEvent[] = [];
    this.events.forEach((entry, index) => {
      const seq = base + index + 1;
      if (entry.stream === stream && seq > afterSeq) out.push({ seq, event: entry.event, pending: true });
    });
    return out;
  }

  /** Buffered top-level sessions of a project other than `excludeSessionID`, most recently touched first. */
  recentSessions(projectKey: string, excludeSessionID: string): SessionRow[] {
    return [...this.sessions.values()]
      .filter((s) => s.projectKey === projectKey && s.sessionID !== excludeSessionID && s.parentID === null)
      .reverse()
      .sort((a, b) => b.updatedAt - a.updatedAt);
  }
}
