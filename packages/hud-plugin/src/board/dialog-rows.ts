import type { TermLine } from "@agent-hud/ujsx";
import type { BoardRender } from "../store/board-render.ts";
import { hudRows, statusLine } from "./sidebar-rows.ts";
import { ledgerRows } from "./ledger-rows.ts";
import type { LedgerCall, LedgerSummary } from "../cache-ledger/types.ts";

export type DialogInput = {
  /** The render the agent last received, and the newest render, of the session. */
  received: BoardRender | undefined;
  current: BoardRender | undefined;
  off: boolean;
  width: number;
  /** A render's time as the person reads it (the TUI passes the locale's clock). */
  time: (at: number) => string;
  /** The session's cache ledger, shown below the HUD. */
  ledger?: { calls: readonly LedgerCall[]; summary: LedgerSummary };
};

const muted = (text: string): TermLine => [{ text, style: { role: "muted" } }];

/** `/hud`'s rows: the HUD exactly as the agent last received it, with its density, size and what was left out. */
export function dialogRows({ received, current, off, width, time, ledger }: DialogInput): TermLine[] {
  const rows: TermLine[] = [];
  if (!received) rows.push(muted("The agent has not received a HUD in this session yet."));
  else {
    rows.push(statusLine(received));
    const left = Object.entries(received.omitted).filter(([, n]) => n > 0);
    const leftOut = left.length ? left.map(([k, n]) => `${n} ${k}`).join(", ") : "nothing";
    rows.push(muted(`received ${time(received.at)} · left out: ${leftOut}`));
    if (off) rows.push(muted("switched off: the next request carries no HUD (/hud-on)"));
    // a newer render with the same text is not news to the person
    if (current && current.at > received.at && current.markdown !== received.markdown)
      rows.push(muted("changed since: the agent gets the new HUD on its next call"));
    rows.push([], ...hudRows(received, width));
  }
  if (ledger) rows.push([], ...ledgerRows(ledger.calls, ledger.summary, width));
  rows.push([], muted("/hud-edit to change it · esc to close"));
  return rows;
}
