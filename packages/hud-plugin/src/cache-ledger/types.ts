/** Token counts of one model call as the host reports them; `input` excludes the cached tokens. */
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
  /** One hash over every tool definition of the request. */
  tools?: string;
  /** One hash per message of the conversation, oldest first, without what agent-hud appended. */
  messages?: string[];
  /** The host reported a compaction of the session since the request before this one. */
  afterCompaction?: boolean;
  /**
   * Fills in the hashes from what the hooks held, once the answer's usage arrives: the hashing runs off
   * the request's path, and only for requests that got an answer.
   */
  resolve?: Array<(evidence: Evidence) => void>;
};

export type BustCause = "system" | "tools" | "history" | "expired" | "unknown";

export type Attribution = {
  cause: BustCause;
  /** Further causes the evidence also shows (a pause past the lifetime on top of a changed prompt). */
  also: BustCause[];
  /** For `system`: true when only agent-hud's own parts changed. */
  byAgentHud?: boolean;
  /** For `history`: the host reported a compaction in between (false: it did not, or not yet — not told apart). */
  compaction?: boolean;
  /** Evidence that was missing for this request or the one before (why a cause may read `unknown`). */
  missing: Array<"request" | "system" | "tools" | "messages">;
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
  bust?: Attribution;
};

export type LedgerSummary = {
  calls: number;
  /** Cache reads over all prompt tokens of the session, 0..1 (0 with no calls). */
  hitShare: number;
  busts: number;
  input: number;
  cacheRead: number;
  cacheWrite: number;
  output: number;
  spent?: number;
  saved?: number;
};
