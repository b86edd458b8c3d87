import { describeCause } from "./attribute.ts";
import type { LedgerCall, LedgerSummary } from "./types.ts";
import { hitShare } from "./usage.ts";

const pct = (share: number) => `${Math.round(share * 100)}%`;

/** The one line the sidebar, the narrow status and (when asked) the agent read: `cache 96% · 1 bust`. */
export function ledgerLine(s: LedgerSummary): string | undefined {
  if (s.calls === 0) return undefined;
  const busts = s.busts === 0 ? "no bust" : s.busts === 1 ? "1 bust" : `${s.busts} busts`;
  return `cache ${pct(s.hitShare)} · ${busts}`;
}

const TICKS = "▁▂▃▄▅▆▇█";

/** Hit share per call as one row of block characters, the newest `width` calls; a bust is marked below it. */
export function shareChart(calls: readonly LedgerCall[], width: number): { bars: string; marks: string } {
  const shown = calls.slice(-Math.max(1, width));
  const bars = shown.map((c) => TICKS[Math.min(TICKS.length - 1, Math.floor(hitShare(c.usage) * TICKS.length))]);
  return {
    bars: bars.join(""),
    marks: shown
      .map((c) => (c.bust ? "^" : " "))
      .join("")
      .trimEnd(),
  };
}

const tokens = (n: number) => (n >= 10_000 ? `${Math.round(n / 1000)}k` : String(n));
const money = (n: number | undefined) => (n === undefined ? "" : `$${n < 0.01 ? n.toFixed(4) : n.toFixed(2)}`);

/** One line per call: its number, tokens, hit share, and a bust's cause. */
export function callLine(c: LedgerCall): string {
  const u = c.usage;
  const cost = c.spent !== undefined ? ` · ${money(c.spent)}` : "";
  const bust = c.bust ? ` · BUST: ${describeCause(c.bust)}` : "";
  return `#${c.call} ${pct(hitShare(u))} · in ${tokens(u.input)} read ${tokens(u.cacheRead)} write ${tokens(u.cacheWrite)} out ${tokens(u.output)}${cost}${bust}`;
}

/** The session's totals in one line. */
export function totalsLine(s: LedgerSummary): string {
  const parts = [
    `${s.calls} calls`,
    `hit share ${pct(s.hitShare)}`,
    `read ${tokens(s.cacheRead)} of ${tokens(s.input + s.cacheRead + s.cacheWrite)} prompt tokens`,
  ];
  if (s.spent !== undefined) parts.push(`spent ${money(s.spent)}`);
  if (s.saved !== undefined) parts.push(`saved ${money(s.saved)}`);
  return parts.join(" · ");
}

/**
 * Hit share per call as a bar chart `height` rows tall (block eighths), one column per call, the newest
 * calls that fit; a `^` under a column marks a bust. Rows are returned top first, with a percent axis.
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
  rows.push(`     ${shown.map((c) => (c.bust ? "^" : "─")).join("")}`);
  return rows;
}
