import { describeCause } from "./attribute.ts";
import type { LedgerCall, LedgerSummary } from "./types.ts";
import { hitShare, isPartial } from "./usage.ts";

const pct = (share: number) => `${Math.round(share * 100)}%`;

/**
 * The one line the sidebar, the narrow status and (when asked) the agent read: `cache 96% · 1 bust`, and
 * `· 12 partial` when calls lost less than a bust to a named cause (docs/cache-ledger.md).
 */
export function ledgerLine(s: LedgerSummary): string | undefined {
  if (s.calls === 0) return undefined;
  const busts = s.busts === 0 ? "no bust" : s.busts === 1 ? "1 bust" : `${s.busts} busts`;
  return `cache ${pct(s.hitShare)} · ${busts}${s.partial > 0 ? ` · ${s.partial} partial` : ""}`;
}

const TICKS = "▁▂▃▄▅▆▇█";

/** The mark under a call's column: `^` a bust, `'` a partial bust, nothing for a call that lost only its tail. */
const mark = (c: LedgerCall, none: string) => (c.bust ? "^" : isPartial(c) ? "'" : none);

/** Hit share per call as one row of block characters, the newest `width` calls; busts and partial busts are marked below it. */
export function shareChart(calls: readonly LedgerCall[], width: number): { bars: string; marks: string } {
  const shown = calls.slice(-Math.max(1, width));
  const bars = shown.map((c) => TICKS[Math.min(TICKS.length - 1, Math.floor(hitShare(c.usage) * TICKS.length))]);
  return {
    bars: bars.join(""),
    marks: shown
      .map((c) => mark(c, " "))
      .join("")
      .trimEnd(),
  };
}

const tokens = (n: number) => (n >= 10_000 ? `${Math.round(n / 1000)}k` : String(n));
const money = (n: number | undefined) => (n === undefined ? "" : `$${n < 0.01 ? n.toFixed(4) : n.toFixed(2)}`);

/** What a call lost, e.g. `lost 4.1k: system prompt changed (not agent-hud)`; a bust says so first. */
export function lossText(c: LedgerCall): string | undefined {
  if (!c.loss) return undefined;
  const what = c.bust ? "BUST" : isPartial(c) ? "partial bust" : "lost";
  return `${what} ${tokens(c.loss.tokens)}: ${describeCause(c.bust ?? c.loss)}`;
}

/** One line per call: its number, tokens, hit share, and what it lost with the cause. */
export function callLine(c: LedgerCall): string {
  const u = c.usage;
  const cost = c.spent !== undefined ? ` · ${money(c.spent)}` : "";
  // a bust stored before losses were kept has no loss: its cause still shows
  const loss = lossText(c) ?? (c.bust ? `BUST: ${describeCause(c.bust)}` : undefined);
  return `#${c.call} ${pct(hitShare(u))} · in ${tokens(u.input)} read ${tokens(u.cacheRead)} write ${tokens(u.cacheWrite)} out ${tokens(u.output)}${cost}${loss ? ` · ${loss}` : ""}`;
}

/** The session's totals in one line. */
export function totalsLine(s: LedgerSummary): string {
  const parts = [
    `${s.calls} calls`,
    `hit share ${pct(s.hitShare)}`,
    `read ${tokens(s.cacheRead)} of ${tokens(s.input + s.cacheRead + s.cacheWrite)} prompt tokens`,
  ];
  if (s.lost > 0) parts.push(`lost ${tokens(s.lost)} to busts and partial busts`);
  if (s.spent !== undefined) parts.push(`spent ${money(s.spent)}`);
  if (s.saved !== undefined) parts.push(`saved ${money(s.saved)}`);
  return parts.join(" · ");
}

/**
 * Hit share per call as a bar chart `height` rows tall (block eighths), one column per call, the newest
 * calls that fit; a `^` under a column marks a bust, a `'` a partial bust. Rows are returned top first, with a percent axis.
 */
export function shareBars(calls: readonly LedgerCall[], width: number, height = 4): string[] {
  const shown = calls.slice(-Math.max(1, width - 6));
  const rows: string[] = [];
  for (let row = height - 1; row >= 0; row--) {
    const cells = shown.map((c) => {
      const eighths = Math.round(hitShare(c.usage) * height * 8) - row * 8;
      return eighths >= 8 ? "█" : eighths <= 0 ? " " : TICKS[eighths - 1]!;
    });
    const axis = row === height - 1 ? "100%┤" : row === 0 ? "  0%┤" : "    │";
    rows.push(`${axis}${cells.join("")}`.trimEnd());
  }
  rows.push(`     ${shown.map((c) => mark(c, "─")).join("")}`);
  return rows;
}
