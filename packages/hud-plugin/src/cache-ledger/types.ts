/**
 * Token counts of one model call, the one usage type every host translates its report into (the ledger and
 * the context tracker both read it); `input` excludes the cached tokens, `output` includes reasoning.
 */
export type CallUsage = { input: number; output: number; cacheRead: number; cacheWrite: number };

/** Prices per million tokens, as opencode's model `cost` gives them. */
export type Prices = { input: number; output: number; cacheRead: number; cacheWrite: number };

/** A system part as the plugin saw it: its hash, and whether agent-hud put it there. */
export type SystemPartHash = { hash: string; own: boolean };

/**
 * What the plugin saw of one request before it went out. A field left undefined was not seen (the hook
 * did not run, or the host offers none): it never becomes a cause.
 */
export type Evidence = {
  /** When the request was built (ms since epoch). */
  at: number;
  system?: SystemPartHash[];
  /**
   * One hash over the system prompt as the request was sent, read once the answer came: what plugins after
   * agent-hud's hook added shows here and not in `system` (a host that lets the plugin hold the request).
   */
  systemSent?: string;
  /** One hash over every tool definition of the request. */
  tools?: string;
  /** One hash per message of the conversation, oldest first, without what agent-hud appended. */
  messages?: string[];
  /** The host reported a compaction of the session since the request before this one. */
  afterCompaction?: boolean;
  /** A later hook of the same request added its part (`CacheLedgers.requestMore`): at most once. */
  amended?: boolean;
  /**
   * Fills in the hashes from what the hooks held, once the answer's usage arrives: the hashing runs off
   * the request's path, and only for requests that got an answer.
   */
  resolve?: Array<(evidence: Evidence) => void>;
};

/**
 * Why a call read back less than the call before sent. `tail`: nothing the evidence shows changed, and the
 * loss is under the bust threshold — the previous request's newest message (agent-hud's HUD sits there)
 * and the provider's cache blocks, which every call loses. A bust with nothing shown is `unknown`.
 */
export type BustCause = "system" | "tools" | "history" | "expired" | "tail" | "unknown";

/**
 * A part of the request the plugin could not see: `system-after` is the system prompt as sent, where a
 * plugin whose hook runs after agent-hud's changes it.
 */
export type Unseen = "request" | "system" | "system-after" | "tools" | "messages";

export type Attribution = {
  cause: BustCause;
  /** Further causes the evidence also shows (a pause past the lifetime on top of a changed prompt). */
  also: BustCause[];
  /** For `system`: true when only agent-hud's own parts changed. */
  byAgentHud?: boolean;
  /** For `system`: the change came after agent-hud's hook (a plugin that runs later), seen in the request sent. */
  afterAgentHud?: boolean;
  /** For `history`: the host reported a compaction in between (false: it did not, or not yet — not told apart). */
  compaction?: boolean;
  /** Evidence that was missing for this request or the one before (why a cause may read `unknown`). */
  missing: Unseen[];
  /** Seconds since the call before. */
  idleSeconds?: number;
};

/** One call in a session's ledger. */
export type LedgerCall = {
  /** 1-based position among the session's recorded calls (the turn the person sees). */
  call: number;
  /** The host's id of the answer (opencode: the assistant message), so a repeated report updates it. */
  id: string;
  at: number;
  usage: CallUsage;
  /** Money spent on the call and saved by its cache reads, when the model's prices are known. */
  spent?: number;
  saved?: number;
  /**
   * Tokens of the call before's prompt this call did not read back from the cache, and why; on every call
   * that lost any (the evidence's cause, or `tail`). A loss over the bust threshold is also in `bust`.
   */
  loss?: Loss;
  bust?: Attribution;
};

export type Loss = Attribution & { tokens: number };

export type LedgerSummary = {
  calls: number;
  /** Cache reads over all prompt tokens of the session, 0..1 (0 with no calls). */
  hitShare: number;
  busts: number;
  /** Calls that lost less than a bust to a cause the evidence shows (a partial bust; `tail` is not one). */
  partial: number;
  /** Tokens lost to busts and partial busts (the `tail` left out). */
  lost: number;
  input: number;
  cacheRead: number;
  cacheWrite: number;
  output: number;
  spent?: number;
  saved?: number;
};
