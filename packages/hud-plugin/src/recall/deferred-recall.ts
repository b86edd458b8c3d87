import type { HandleArgs, SearchArgs } from "@agent-hud/hud-components";
import type { EventReader } from "../store/ports.ts";
import type { HostEvent } from "../events/host-event.ts";
import { Recall } from "./recall.ts";
import type { RecallOptions } from "./types.ts";

/** What the runtime calls on recall (deps.recall): a `Recall`, or one that opens on first need. */
export type RecallPort = Pick<Recall, "observe" | "search" | "read" | "compactions" | "start" | "close">;

const UNAVAILABLE = "the index is unavailable (see the agent-hud log); the HUD and hud history still work";

/** What waited for the index goes in this many events at a time, a turn of the event loop apart. */
export const FEED_SLICE = 32;

/**
 * Recall whose index (recall.db) opens at the first idle moment, not at start: opening it (its schema, its
 * WAL) was the largest and least steady part of `server()`, and nothing on the way to the first call reads
 * it. Until then the events it indexes wait here, the latest per message and per part (each update carries
 * the whole text, and the index keeps only the last); a search, the fallback timer or the plugin closing
 * opens it too, so nothing observed is lost. Opened by an idle moment, it takes what waited FEED_SLICE events
 * per turn of the host's event loop: a whole session's texts in one burst (a short `opencode run`, a replay)
 * held the host's loop for ~130 ms and left all their garbage to one collection. Anything that reads the
 * index takes the rest first. Same contract as `Recall`: no method throws.
 */
export class DeferredRecall implements RecallPort {
  /** undefined: not opened yet; null: opening failed (logged by Recall.open), search is off. */
  private recall: Recall | null | undefined;
  private readonly pending = new Map<string, HostEvent>();
  /** Handed to the open index and not fed yet, in order; later events queue behind them. */
  private queue: HostEvent[] = [];
  /** Events queued since the last slice: each slice takes them too, so a fast stream cannot starve the feed. */
  private arrived = 0;
  private feeding: ReturnType<typeof setTimeout> | undefined;
  private timing: { idleDelayMs: number; fallbackMs: number } | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: RecallOptions) {}

  /** The index with everything observed in it (the queue fed now); opening it first if need be. */
  private opened(fallbackDue = false): Recall | undefined {
    this.open(fallbackDue);
    this.drain();
    return this.recall ?? undefined;
  }

  private open(fallbackDue = false): void {
    if (this.recall !== undefined) return;
    clearTimeout(this.timer);
    this.recall = Recall.open(this.options) ?? null;
    if (this.recall) {
      this.queue = [...this.pending.values()];
      // its own timers: the catch-up after the first idle moment, or now if the fallback is what opened it
      if (this.timing) this.recall.start(this.timing.idleDelayMs, fallbackDue ? 0 : this.timing.fallbackMs);
    }
    this.pending.clear();
  }

  private readonly feed = (): void => {
    this.feeding = undefined;
    this.recall?.observeAll(this.queue.splice(0, FEED_SLICE + this.arrived));
    this.arrived = 0;
    if (this.queue.length) this.later();
  };

  private later(): void {
    this.feeding ??= setTimeout(this.feed, 0);
    (this.feeding as { unref?: () => void }).unref?.();
  }

  private drain(): void {
    clearTimeout(this.feeding);
    this.feeding = undefined;
    if (this.queue.length) this.recall?.observeAll(this.queue.splice(0));
  }

  observe(event: HostEvent): void {
    if (this.recall !== undefined) {
      if (!this.queue.length) return this.recall?.observe(event);
      this.queue.push(event);
      this.arrived++;
      return;
    }
    switch (event.kind) {
      // the latest update, in the place of the first: a message stays ahead of its parts
      case "message":
        return void this.pending.set(`message:${event.id}`, event);
      case "text":
      case "tool":
      case "subtask":
        return void this.pending.set(`part:${event.id}`, event);
      // an idle session is the moment recall waits for: the waiting events go in over the next turns, then
      // this one (the catch-up's start); a deletion must not leave its session's texts behind
      case "idle":
        this.open();
        if (!this.recall) return;
        this.queue.push(event);
        return this.later();
      case "session.deleted":
        return void this.opened()?.observe(event);
    }
  }

  start(idleDelayMs = 1_000, fallbackMs = 30_000): void {
    this.timing = { idleDelayMs, fallbackMs };
    if (this.recall !== undefined) return this.recall?.start(idleDelayMs, fallbackMs);
    this.timer = setTimeout(() => this.opened(true), fallbackMs);
    (this.timer as { unref?: () => void }).unref?.();
  }

  async search(store: EventReader, session: string, args: SearchArgs): Promise<string> {
    return (await this.opened()?.search(store, session, args)) ?? `search: ${UNAVAILABLE}`;
  }

  async read(store: EventReader, session: string, args: HandleArgs): Promise<string> {
    return (await this.opened()?.read(store, session, args)) ?? `messages.read: ${UNAVAILABLE}`;
  }

  async compactions(session: string): Promise<string> {
    return (await this.opened()?.compactions(session)) ?? `compactions.list: ${UNAVAILABLE}`;
  }

  /** What was handed to the open index goes in now: the process is exiting, and its turns will not come. */
  flush(): void {
    this.drain();
  }

  /** What waits is written before the plugin goes (a hook's process ends with its hook). */
  close(): void {
    clearTimeout(this.timer);
    if (this.recall === undefined && this.pending.size === 0) return;
    this.opened()?.close();
  }
}
