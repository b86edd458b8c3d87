import type { Attribution, BustCause, CallUsage, Evidence, Unseen } from "./types.ts";
import { promptTokens } from "./usage.ts";

/**
 * Everything the call before sent, but its newest message (the HUD's tail), is a prefix the provider can
 * keep; a call that reads back less than this share of it lost its cache. The quarter left over covers
 * that tail and providers that cache in blocks.
 */
export const CARRIED_SHARE = 0.75;
/** Providers cache no prompt shorter than this (OpenAI's and Anthropic's floor): nothing to lose below it. */
export const MIN_CACHED_PROMPT = 1024;

/** True when the call read from the cache less than the conversation carried over from the call before. */
export function isBust(previous: CallUsage | undefined, current: CallUsage): boolean {
  if (!previous) return false;
  const carried = promptTokens(previous);
  return carried >= MIN_CACHED_PROMPT && current.cacheRead < carried * CARRIED_SHARE;
}

/** Tokens the call before sent that this call did not read back from the cache (0 when it read them all). */
export function lostTokens(previous: CallUsage | undefined, current: CallUsage): number {
  if (!previous) return 0;
  const carried = promptTokens(previous);
  return carried >= MIN_CACHED_PROMPT ? Math.max(0, carried - current.cacheRead) : 0;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** True when `before` is a prefix of `after`: the conversation only grew. */
function onlyGrew(before: readonly string[], after: readonly string[]): boolean {
  if (after.length < before.length) return false;
  for (let i = 0; i < before.length; i++) if (before[i] !== after[i]) return false;
  return true;
}

/**
 * Why a bust happened, from what the plugin saw of the request (`current`) and of the one before
 * (`previous`). A cause is named only when the evidence shows it: a part nobody saw is listed in
 * `missing`, never blamed; with nothing shown the cause is `unknown` (the request changed after
 * agent-hud's hooks ran, or the provider dropped the cache early).
 */
export function attribute(
  previous: Evidence | undefined,
  current: Evidence | undefined,
  lifetimeSeconds: number,
): Attribution {
  if (!previous || !current) return { cause: "unknown", also: [], missing: ["request"] };
  const shown: BustCause[] = [];
  const missing: Attribution["missing"] = [];
  let byAgentHud: boolean | undefined;
  let afterAgentHud: boolean | undefined;
  if (previous.system && current.system) {
    const others = (parts: Evidence["system"]) => parts!.filter((p) => !p.own).map((p) => p.hash);
    const own = (parts: Evidence["system"]) => parts!.filter((p) => p.own).map((p) => p.hash);
    const othersChanged = !sameList(others(previous.system), others(current.system));
    const ownChanged = !sameList(own(previous.system), own(current.system));
    if (othersChanged || ownChanged) {
      shown.push("system");
      byAgentHud = !othersChanged;
    } else if (previous.systemSent === undefined || current.systemSent === undefined) missing.push("system-after");
    else if (previous.systemSent !== current.systemSent) {
      // the parts agent-hud's hook saw are the same: a plugin after it changed what was sent
      shown.push("system");
      byAgentHud = false;
      afterAgentHud = true;
    }
  } else missing.push("system");
  if (previous.tools !== undefined && current.tools !== undefined) {
    if (previous.tools !== current.tools) shown.push("tools");
  } else missing.push("tools");
  let compaction: boolean | undefined;
  if (previous.messages && current.messages) {
    if (!onlyGrew(previous.messages, current.messages)) {
      shown.push("history");
      compaction = current.afterCompaction === true;
    }
  } else {
    missing.push("messages");
    // a host that reports its compactions but shows no request (Claude Code): a compaction replaces the
    // conversation with its summary, so the history was rewritten whatever the messages were
    if (current.afterCompaction === true) {
      shown.push("history");
      compaction = true;
    }
  }
  const idleSeconds = Math.max(0, (current.at - previous.at) / 1000);
  if (idleSeconds > lifetimeSeconds) shown.push("expired");
  const [cause = "unknown", ...also] = shown;
  return {
    cause,
    also,
    ...(byAgentHud !== undefined ? { byAgentHud } : {}),
    ...(afterAgentHud ? { afterAgentHud } : {}),
    ...(compaction !== undefined ? { compaction } : {}),
    missing,
    idleSeconds: Math.round(idleSeconds * 10) / 10,
  };
}

const CAUSE_TEXT: Record<BustCause, string> = {
  system: "system prompt changed",
  tools: "tool definitions changed",
  history: "earlier history rewritten",
  expired: "cache expired",
  tail: "the call before's newest message and cache blocks",
  unknown: "unknown",
};

const UNSEEN_TEXT: Record<Unseen, string> = {
  request: "the request",
  system: "the system prompt",
  "system-after": "a later plugin's system-prompt change",
  tools: "tools",
  messages: "earlier messages",
};

/**
 * What agent-hud could not see of the two requests, as the person reads it; the provider (which may drop
 * or split its cache on its own) is never seen.
 */
export function unseenText(a: Attribution): string {
  return [...a.missing.map((m) => UNSEEN_TEXT[m]), "the provider"].join(", ");
}

/** The cause as the person reads it, e.g. "system prompt changed (not agent-hud)" or "cache expired (idle 412 s)". */
export function describeCause(a: Attribution): string {
  const one = (cause: BustCause): string => {
    if (cause === "system")
      return `${CAUSE_TEXT.system} (${a.byAgentHud ? "agent-hud's part" : a.afterAgentHud ? "not agent-hud: a plugin after it" : "not agent-hud"})`;
    if (cause === "expired") return `${CAUSE_TEXT.expired} (idle ${Math.round(a.idleSeconds ?? 0)} s)`;
    if (cause === "history")
      return `${CAUSE_TEXT.history} (${a.compaction ? "compaction" : "compaction, pruning or a plugin"})`;
    if (cause === "tail" && a.missing.length)
      return `${CAUSE_TEXT.tail}, or what agent-hud cannot see: ${unseenText(a)}`;
    if (cause === "unknown") return `unknown: nothing agent-hud saw changed; not seen: ${unseenText(a)}`;
    return CAUSE_TEXT[cause];
  };
  return [a.cause, ...a.also].map(one).join(" + ");
}
