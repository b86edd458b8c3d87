/** @jsxImportSource @opentui/solid */
import { createMemo } from "solid-js";
import { ledgerLine, promptStatus, type BoardReader } from "../dist/board/core.js";
import type { ThemeColors } from "./types/host.ts";

// Room beside the prompt on an 80-column terminal, after opencode's own model and agent labels.
const WIDTH = 34;

/** The HUD's one-line status where narrow terminals still show it (no sidebar below opencode's wide layout). */
export function PromptStatus(props: {
  reader: BoardReader;
  sessionID: string;
  tick: () => number;
  theme: ThemeColors;
}) {
  const line = createMemo(() => {
    props.tick();
    if (!props.sessionID) return "";
    const summary = props.reader.ledgerSummary(props.sessionID);
    const line = summary && ledgerLine(summary);
    return promptStatus(props.reader.view(props.sessionID), WIDTH, line ? { line, busts: summary.busts } : undefined);
  });
  return <text fg={props.theme.textMuted}>{line()}</text>;
}
