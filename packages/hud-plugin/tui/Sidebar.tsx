/** @jsxImportSource @opentui/solid */
import { createMemo } from "solid-js";
import { memoRows } from "../dist/board/core.js";
import { Rows } from "./Rows.tsx";
import type { BoardReader } from "../dist/board/core.js";
import type { ThemeColors } from "./types/host.ts";

// The sidebar is about 40 cells wide at the terminal sizes where opencode shows it.
const WIDTH = 38;

/** The session's HUD in the sidebar; `tick` changes when the database did, nothing else re-reads it. */
export function Sidebar(props: { reader: BoardReader; sessionID: string; tick: () => number; theme: ThemeColors }) {
  const layout = memoRows();
  const rows = createMemo(() => {
    props.tick();
    return layout(props.reader.view(props.sessionID), WIDTH);
  });
  return <Rows rows={rows()} theme={props.theme} />;
}
