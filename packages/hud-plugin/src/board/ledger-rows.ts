import type { TermLine } from "@agent-hud/ujsx";
import { callLine, describeCause, ledgerLine, shareChart, totalsLine } from "../cache-ledger/index.ts";
import type { LedgerCall, LedgerSummary } from "../cache-ledger/types.ts";
import { isPartial } from "../cache-ledger/usage.ts";

const clip = (text: string, width: number) => {
  const chars = [...text];
  return chars.length <= width ? text : `${chars.slice(0, Math.max(0, width - 1)).join("")}…`;
};
const muted = (text: string, width: number): TermLine => [{ text: clip(text, width), style: { role: "muted" } }];

/**
 * The sidebar's one line about the cache, e.g. `cache 96% · 1 bust · 12 partial` (busts in the marker
 * colour; partial busts alone stay muted, the hit share already counts them); none before a call.
 */
export function ledgerSidebarRow(summary: LedgerSummary, width: number): TermLine | undefined {
  const line = ledgerLine(summary);
  if (!line) return undefined;
  return [{ text: clip(line, width), style: summary.busts > 0 ? { role: "marker" } : { role: "muted" } }];
}

/**
 * `/hud`'s cache section: totals, hit share over the calls as a chart, then the newest `newest` calls and
 * every earlier bust (a dialog has a screen's height), each bust with its call number, tokens lost and cause;
 * every other call's line names what it lost and why (a partial bust, or the expected tail).
 */
export function ledgerRows(
  calls: readonly LedgerCall[],
  summary: LedgerSummary,
  width: number,
  newest = 10,
): TermLine[] {
  const rows: TermLine[] = [[{ text: "Cache", style: { bold: true, role: "heading" } }]];
  if (calls.length === 0) return [...rows, muted("no model call recorded for this session yet", width)];
  rows.push(muted(totalsLine(summary), width));
  const chart = shareChart(calls, width - 12);
  rows.push([
    { text: "hit share  ", style: { role: "muted" } },
    { text: chart.bars, style: {} },
  ]);
  if (chart.marks) rows.push([{ text: `${" ".repeat(11)}${chart.marks}`, style: { role: "marker" } }]);
  rows.push([]);
  const cut = Math.max(0, calls.length - newest);
  const listed = calls.filter((call, i) => i >= cut || call.bust);
  const hidden = calls.length - listed.length;
  const partial = calls.filter((call, i) => i < cut && isPartial(call)).length;
  const some = partial > 0 ? ` (${partial} partial)` : "";
  if (hidden > 0)
    rows.push(muted(`${hidden} earlier calls without a bust${some}: agent-hud cache lists them all`, width));
  for (const call of listed) {
    if (!call.bust) {
      rows.push(muted(callLine(call), width));
      continue;
    }
    const { bust, loss, ...plain } = call;
    const lost = loss ? `, lost ${loss.tokens}` : "";
    rows.push([{ text: clip(`${callLine(plain)} · bust${lost}`, width), style: { bold: true, role: "marker" } }]);
    rows.push([{ text: clip(`   cause: ${describeCause(bust)}`, width), style: { role: "marker" } }]);
  }
  return rows;
}
