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
  /** What `lastGood` was rendered from: the person's views rebuild the same component tree from it. */
  lastInput: HudProps | undefined;
  /** Set by the compacting hook so the compaction request is not given a second copy of the HUD. */
  compacting = false;
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
