/**
 * Lines that move on almost every call, and the rule for telling them in an append-only history (any host
 * whose hooks append HUD updates), where each update is paid for on every later call. The Context line
 * (percentage, tokens used, trend) is told again only when its percentage moved by at least `CONTEXT_STEP`
 * points from the line the agent holds, or its band changed (the density it names, the usable size). The
 * Stale nudge is news when it appears or changes its advice, not when its count of turns grows. Otherwise
 * the line the agent holds stands, so a batch that changed nothing else sends nothing.
 */
export const CONTEXT_STEP = 5;

type Rule = {
  /** The line this rule is about, and what of it must match for the held line to stand. */
  read(line: string): { key: string; percent?: number } | undefined;
  /** True when the new reading is news although its key is the same. */
  moved?(held: number, now: number): boolean;
};

const context: Rule = {
  read(line) {
    const m = /^\*\*Context\*\* (\d+)%(.*)$/.exec(line);
    if (!m) return undefined;
    const rest = m[2]!;
    // the band is what the line names besides its numbers: the density's words and the usable size
    const density = /\b(compact|minimal) HUD\b/.exec(rest)?.[1] ?? "full";
    return { key: `${density} ${/^ of (\S+)/.exec(rest)?.[1] ?? ""}`, percent: Number(m[1]) };
  },
  moved: (held, now) => Math.abs(now - held) >= CONTEXT_STEP,
};

const stale: Rule = {
  // the advice after the dash, not the age before it
  read: (line) => (line.startsWith("**Stale** ") ? { key: line.split(" — ").slice(1).join(" — ") } : undefined),
};

function find(rule: Rule, markdown: string) {
  for (const line of markdown.split("\n")) {
    const reading = rule.read(line);
    if (reading) return { line, ...reading };
  }
  return undefined;
}

/**
 * `now` as the agent should be told it, given the HUD text it holds: each volatile line that moved without
 * news is replaced by the line the agent holds.
 */
export function settleVolatile(held: string, now: string): string {
  let out = now;
  for (const rule of [context, stale]) {
    const before = find(rule, held);
    const after = find(rule, out);
    if (!before || !after || before.line === after.line || before.key !== after.key) continue;
    if (rule.moved && before.percent !== undefined && after.percent !== undefined) {
      if (rule.moved(before.percent, after.percent)) continue;
    }
    out = out
      .split("\n")
      .map((line) => (line === after.line ? before.line : line))
      .join("\n");
  }
  return out;
}
