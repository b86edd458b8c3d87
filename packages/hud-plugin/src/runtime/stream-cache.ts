import { applyEvent, emptyState, type HudEvent, type HudState, type ProjectorOptions } from "@agent-hud/hud-components";
import type { EventReader } from "../store/ports.ts";

/**
 * `pending`: the event is only in the store's memory (the database was busy or failing), so the ids the
 * reducer gave it are provisional: another process may commit items first and the flush re-numbers it.
 */
export type FoldOutcome = { ok: true; id?: string; ids?: string[]; pending?: true } | { ok: false; reason: string };

/**
 * The folded state of one event stream, kept in memory and caught up from the store by seq. Events the
 * store still holds in memory (`pending`, provisional seq) are folded on top of the durable state but
 * never advance the durable seq, so a re-sequenced flush cannot be skipped or applied twice. Local events
 * (queued by this process, not yet handed to the store) are folded on top of both.
 */
export class StreamCache {
  private durable: HudState;
  private seq = 0;
  /** What the store holds (durable, then pending); `current` is this plus the local events. */
  private base: HudState;
  private current: HudState;
  private local: HudEvent[] = [];

  constructor(
    readonly stream: string,
    scope: "session" | "project",
    private readonly projector: ProjectorOptions,
  ) {
    this.durable = emptyState(scope);
    this.base = this.durable;
    this.current = this.durable;
  }

  /** Shows an event in the state now; it reaches the store when `takeLocal`'s caller appends it. */
  queueLocal(event: HudEvent): void {
    this.local.push(event);
    this.current = applyEvent(this.current, event, this.projector).state;
  }

  /** The queued local events, in order; the state keeps showing them until the store returns them. */
  takeLocal(): HudEvent[] {
    const taken = this.local;
    this.local = [];
    return taken;
  }

  get state(): HudState {
    return this.current;
  }

  get lastSeq(): number {
    return this.seq;
  }

  /** Folds everything new in the store; returns the outcomes of the events whose seqs are in `watch`. */
  catchUp(store: EventReader, watch?: ReadonlySet<number>): Map<number, FoldOutcome> {
    const outcomes = new Map<number, FoldOutcome>();
    let durable = this.durable;
    let tentative: HudState | undefined;
    for (const entry of store.read(this.stream, this.seq)) {
      const base = tentative ?? durable;
      const result = applyEvent(base, entry.event as HudEvent, this.projector);
      if (watch?.has(entry.seq))
        outcomes.set(
          entry.seq,
          entry.pending && result.outcome.ok ? { ...result.outcome, pending: true } : result.outcome,
        );
      if (entry.pending || tentative) tentative = result.state;
      else {
        durable = result.state;
        this.seq = entry.seq;
      }
    }
    this.durable = durable;
    const base = tentative ?? durable;
    // Unchanged base (nothing new in the store): the current state already holds the local events.
    if (base !== this.base) {
      this.base = base;
      this.current = this.local.reduce((state, event) => applyEvent(state, event, this.projector).state, base);
    }
    return outcomes;
  }
}
