/** @jsxImportSource @opentui/solid */
import { createMemo } from "solid-js";
import { memoRows } from "../dist/tui/core.js";
import { Rows } from "./Rows.tsx";

// The sidebar is about 40 cells wide at the terminal sizes where opencode shows it.
const WIDTH = 38;

/** The session's HUD in the sidebar; `tick` changes when the database did, nothing else re-reads it. */
export function Sidebar(props) {
  const layout = memoRows();
  const rows = createMemo(() => {
    props.tick();
    return layout(props.desk.view(props.sessionID), WIDTH);
  });
  return <Rows rows={rows()} theme={props.theme} />;
}
