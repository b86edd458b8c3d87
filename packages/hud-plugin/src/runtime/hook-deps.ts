import type { BoardPublisher } from "../board/publish.ts";
import type { HudBoard } from "../store/index.ts";
import type { CacheLedgers } from "../cache-ledger/ledgers.ts";
import type { HudConfig } from "../config/index.ts";
import type { ModelLimitsBook } from "../context/index.ts";
import type { Logger } from "../log/index.ts";
import type { Redactor } from "../privacy/index.ts";
import type { RecallPort } from "../recall/index.ts";
import type { HudRuntime } from "./hud-runtime.ts";

/** Asks the host to compact a session now (opencode 1: `host/v1/services.ts`), for `hud_compact`. */
export type Summarize = (sessionID: string, model: { providerID: string; modelID: string }) => Promise<unknown>;

/** Everything a hook needs; built once per plugin instance. */
export type HookDeps = {
  runtime: HudRuntime;
  config: HudConfig;
  log: Logger;
  /** Where the host can compact on request; absent elsewhere, and `hud_compact` says so. */
  summarize: Summarize | undefined;
  now: () => number;
  /** Session of the latest LLM call, for host events that carry no session (V1's file.edited). */
  lastActive: { sessionID: string | undefined };
  limits: ModelLimitsBook;
  /** Path -> when its last edit was recorded. */
  recentEdits: Map<string, number>;
  /** The conversation index behind `search`; absent when its database could not be opened. */
  recall?: RecallPort | undefined;
  /** What the person's views (TUI, CLI) read: the latest renders and the per-session switch. */
  board: HudBoard;
  /** How a render reaches the board: the one publish call (`board/publish.ts`). */
  publisher: BoardPublisher;
  projectKey: string;
  /** The event store's database file (`hud.db`), where a deleted session's rows are removed. */
  storePath: string;
  /** What every text the plugin stores passes first (`privacy` options). */
  redact: Redactor;
  /** The cache ledger of every session; absent when `cacheLedger.enabled` is false. */
  ledger?: CacheLedgers | undefined;
};
