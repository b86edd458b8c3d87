import type { HudEvent } from "@agent-hud/hud-components";
import { errorLine, type Logger } from "../log/index.ts";
import type { EventLog } from "../store/ports.ts";
import type { SessionRuntime } from "./session-runtime.ts";
import type { StreamCache } from "./stream-cache.ts";

/**
 * Writes that only describe an LLM call — its `turn` event and the session's last-active time — made
 * after the hook has returned instead of inside it, so a slow disk never delays the request. They are
 * shown in memory at once (the HUD of the same call counts the turn) and coalesced: everything queued
 * before the timer fires goes to the store in one append per stream.
 *
 * What a crash can lose is what it could lose anyway: writes queued in the last moments before it, here
 * turn counts and a last-active time, never an item the agent recorded (those are written synchronously,
 * after flushing this queue so the log keeps their order). A normal exit or dispose flushes the queue.
 */
export class DeferredWrites {
  private readonly streams = new Set<StreamCache>();
  private readonly touches = new Map<string, { session: SessionRuntime; now: number }>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly store: EventLog,
    private readonly projectKey: string,
    private readonly log: Logger,
    private readonly holder: string,
  ) {}

  event(cache: StreamCache, event: HudEvent): void {
    cache.queueLocal(event);
    this.streams.add(cache);
    this.schedule();
  }

  /** The session was active at `now`; its parent is read when written, by then the hooks may know it. */
  touch(session: SessionRuntime, now: number): void {
    this.touches.set(session.id, { session, now });
    this.schedule();
  }

  /** The sessions whose touch is queued: this instance is working on them, whatever the store says yet. */
  queuedTouches(): ReadonlySet<string> {
    return new Set(this.touches.keys());
  }

  /** Writes everything queued now. Never throws: the store logs its own faults and buffers what it cannot write. */
  flush(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const streams = [...this.streams];
    this.streams.clear();
    for (const cache of streams) {
      try {
        const events = cache.takeLocal();
        if (events.length > 0) this.store.append(cache.stream, events);
        cache.catchUp(this.store);
      } catch (error) {
        this.log.once(
          `deferred:${errorLine(error)}`,
          "error",
          `agent-hud: writing the turn of ${cache.stream} failed: ${errorLine(error)}`,
        );
      }
    }
    const touches = [...this.touches.values()];
    this.touches.clear();
    for (const { session, now } of touches) {
      try {
        const parentID = session.parentID ?? session.cache.state.parentID;
        this.store.touchSession({
          sessionID: session.id,
          projectKey: this.projectKey,
          now,
          holder: this.holder,
          ...(parentID ? { parentID } : {}),
        });
      } catch (error) {
        this.log.once(
          `deferred:${errorLine(error)}`,
          "error",
          `agent-hud: recording session ${session.id} as active failed: ${errorLine(error)}`,
        );
      }
    }
  }

  private schedule(): void {
    // a timer, not a microtask: microtasks run before the host continues, so the write would still delay the request
    this.timer ??= setTimeout(() => this.flush(), 0);
  }
}
