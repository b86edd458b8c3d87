import type { HudProps, HudState, ProjectorOptions, RenderResult } from "@agent-hud/hud-components";
import type { SessionLedger } from "../cache-ledger/session-ledger.ts";
import { ContextTracker } from "../context/index.ts";
import { StreamCache } from "./stream-cache.ts";

export type ModelRef = { providerID: string; modelID: string };

/** In-memory state of one opencode session: its folded stream plus what the hooks learn along the way. */
export class SessionRuntime {
  readonly cache: StreamCache;
  readonly tracker = new ContextTracker();
  parentID: string | undefined;
  model: ModelRef | undefined;
  /** The last HUD that rendered without error, reused when a later render fails. */
  lastGood: RenderResult | undefined;
  /** What `lastGood` was rendered from (its context and state are what the person's views show beside it). */
  lastInput: HudProps | undefined;
  /** Where the next render ahead goes once laid out (a `hud` call's change, shown to the person's views). */
  showAhead: ((rendered: { result: RenderResult; input: HudProps }) => void) | undefined;
  /** Hands a render laid out after a change to `showAhead`, once. */
  show(rendered: { result: RenderResult; input: HudProps } | undefined): void {
    const show = this.showAhead;
    this.showAhead = undefined;
    if (rendered && show) show(rendered);
  }
  /**
   * The compaction request's transforms not yet passed: set by the compacting hook so that request is not given
   * a second copy of the HUD, and cleared by the compaction's events. A transform takes its own mark once
   * (`takeCompaction`), so the call right after the compaction is placed as usual even when those events come
   * later than it, as they do in opencode 1 when nothing (its snapshots) stands between the two calls.
   */
  private readonly compactionMarks = new Set<"messages" | "system">();
  get compacting(): boolean {
    return this.compactionMarks.size > 0;
  }
  set compacting(on: boolean) {
    this.compactionMarks.clear();
    if (on) for (const kind of ["messages", "system"] as const) this.compactionMarks.add(kind);
  }
  /** True once per compaction for the transform of `kind` the compaction request passes through. */
  takeCompaction(kind: "messages" | "system"): boolean {
    return this.compactionMarks.delete(kind);
  }
  /**
   * What a compaction means for the next call (usage unknown, the ledger told) was applied as its request went
   * out (`compactionUnderway`): the compaction's own event, often later than that next call, does not apply it
   * again.
   */
  compactionApplied = false;
  /** `hud_compact` asked for a summary; it runs once the session is idle, never inside the tool. */
  compactRequested = false;
  /** The last resume source replayed, keyed by session and last touch, so it is not replayed on every call. */
  resumeSource: { key: string; sessionID: string; state: HudState } | undefined;
  /** The session's cache ledger, made on its first request (`hooks/cache-ledger.ts`). */
  ledger: SessionLedger | undefined;

  constructor(
    readonly id: string,
    projector: ProjectorOptions,
  ) {
    this.cache = new StreamCache(`session:${id}`, "session", projector);
  }
}
