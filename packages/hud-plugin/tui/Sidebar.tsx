/** @jsxImportSource @opentui/solid */
import { createMemo } from "solid-js";
import { memoRows } from "../dist/tui/core.js";
import { Rows } from "./Rows.tsx";
import type { HudDesk } from "../dist/tui/core.js";
import type { ThemeColors } from "./types/host.ts";

// The sidebar is about 40 cells wide at the terminal sizes where opencode shows it.
const WIDTH = 38;

/** The session's HUD in the sidebar; `tick` changes when the database did, nothing else re-reads it. */
export function Sidebar(props: { desk: HudDesk; sessionID: string; tick: () => number; theme: ThemeColors }) {
  const layout = memoRows();
  const rows = createMemo(() => {
    props.tick();
    return layout(props.desk.view(props.sessionID), WIDTH);
  });
  return <Rows rows={rows()} theme={props.theme} />;
}
