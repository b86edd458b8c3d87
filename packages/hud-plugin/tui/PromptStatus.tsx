/** @jsxImportSource @opentui/solid */
import { createMemo } from "solid-js";
import { promptStatus, type HudDesk } from "../dist/tui/core.js";
import type { ThemeColors } from "./types/host.ts";

// Room beside the prompt on an 80-column terminal, after opencode's own model and agent labels.
const WIDTH = 34;

/** The HUD's one-line status where narrow terminals still show it (no sidebar below opencode's wide layout). */
export function PromptStatus(props: { desk: HudDesk; sessionID: string; tick: () => number; theme: ThemeColors }) {
  const line = createMemo(() => {
    props.tick();
    return props.sessionID ? promptStatus(props.desk.view(props.sessionID), WIDTH) : "";
  });
  return <text fg={props.theme.textMuted}>{line()}</text>;
}
