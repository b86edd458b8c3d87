import type { HandleArgs, SearchArgs } from "@agent-hud/hud-components";
import type { EventReader } from "../store/ports.ts";
import type { HostEvent } from "../events/host-event.ts";
import { Recall } from "./recall.ts";
import type { RecallOptions } from "./types.ts";

/** What the runtime calls on recall (deps.recall): a `Recall`, or one that opens on first need. */
export type RecallPort = Pick<Recall, "observe" | "search" | "read" | "compactions" | "start" | "close">;

const UNAVAILABLE = "the index is unavailable (see the agent-hud log); the HUD and hud history still work";

/**
 * Recall whose index (recall.db) opens at the first idle moment, not at start: opening it (its schema, its
 * WAL) was the largest and least steady part of `server()`, and nothing on the way to the first call reads
 * it. Until then the events it indexes wait here, the latest per message and per part (each update carries
 * the whole text, and the index keeps only the last); a search, the fallback timer or the plugin closing
 * opens it too, so nothing observed is lost. Same contract as `Recall`: no method throws.
 */
export class DeferredRecall implements RecallPort {
  /** undefined: not opened yet; null: opening failed (logged by Recall.open), search is off. */
  private recall: Recall | null | undefined;
  private readonly pending = new Map<string, HostEvent>();
  private timing: { idleDelayMs: number; fallbackMs: number } | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: RecallOptions) {}

  private opened(fallbackDue = false): Recall | undefined {
    if (this.recall !== undefined) return this.recall ?? undefined;
    clearTimeout(this.timer);
    this.recall = Recall.open(this.options) ?? null;
    const recall = this.recall ?? undefined;
    if (recall) {
      recall.observeAll(this.pending.values());
      // its own timers: the catch-up after the first idle moment, or now if the fallback is what opened it
      if (this.timing) recall.start(this.timing.idleDelayMs, fallbackDue ? 0 : this.timing.fallbackMs);
    }
    this.pending.clear();
    return recall;
  }

  observe(event: HostEvent): void {
    if (this.recall !== undefined) return this.recall?.observe(event);
    switch (event.kind) {
      // the latest update, in the place of the first: a message stays ahead of its parts
      case "message":
        return void this.pending.set(`message:${event.id}`, event);
      case "text":
      case "tool":
      case "subtask":
        return void this.pending.set(`part:${event.id}`, event);
      // an idle session is the moment recall waits for; a deletion must not leave its session's texts behind
      case "session.deleted":
      case "idle":
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

  /** What waits is written before the plugin goes (a hook's process ends with its hook). */
  close(): void {
    clearTimeout(this.timer);
    if (this.recall === undefined && this.pending.size === 0) return;
    this.opened()?.close();
  }
}
