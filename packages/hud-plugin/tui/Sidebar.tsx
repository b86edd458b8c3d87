/** @jsxImportSource @opentui/solid */
import { createMemo } from "solid-js";
import { ledgerSidebarRow, memoRows } from "../dist/board/core.js";
import { Rows } from "./Rows.tsx";
import type { BoardReader } from "../dist/board/core.js";
import type { ThemeColors } from "./types/host.ts";

// The sidebar is about 40 cells wide at the terminal sizes where opencode shows it.
const WIDTH = 38;

/** The session's HUD in the sidebar, with the cache ledger's line; `tick` changes when the database did, nothing else re-reads it. */
export function Sidebar(props: { reader: BoardReader; sessionID: string; tick: () => number; theme: ThemeColors }) {
  const layout = memoRows();
  const rows = createMemo(() => {
    props.tick();
    const rows = layout(props.reader.view(props.sessionID), WIDTH);
    const summary = props.reader.ledgerSummary(props.sessionID);
    const cache = summary && ledgerSidebarRow(summary, WIDTH);
    // under the HUD's own status line: usage first, then what the cache made of it
    return cache ? [...rows.slice(0, 1), cache, ...rows.slice(1)] : rows;
  });
  return <Rows rows={rows()} theme={props.theme} />;
}
