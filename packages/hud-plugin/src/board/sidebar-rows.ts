import { fromMarkdown, toTerminal, type TermLine } from "@agent-hud/ujsx";
import type { BoardRender } from "../store/board-render.ts";

/** What the person's view of one session is showing. */
export type ViewState =
  | { status: "shown"; shown: BoardRender; off: false }
  | { status: "off"; shown: BoardRender | undefined; off: true; by?: "session" | "project" }
  | { status: "none"; off: false }
  | { status: "remote"; off: false };

const muted = (text: string): TermLine => [{ text, style: { role: "muted" } }];

/** One line about the HUD itself: density, context use and size, so pressure shows before anything else. */
export function statusLine(shown: BoardRender): TermLine {
  const { density, tokens, context } = shown;
  const line: TermLine = [
    { text: "HUD ", style: { bold: true, role: "heading" } },
    { text: `${density} · ${context.percent}% used · ${tokens} tok`, style: { role: "muted" } },
  ];
  if (context.critical) line.push({ text: " · critical", style: { bold: true, role: "marker" } });
  return line;
}

/**
 * A HUD laid out for a terminal by the terminal target, from its markdown read back into UJSX: markdown ⇄
 * UJSX round-trips for everything the components emit, so the board stores no second copy as a tree.
 */
export function hudRows(shown: Pick<BoardRender, "markdown">, width: number): TermLine[] {
  return toTerminal(fromMarkdown(shown.markdown), { width });
}

/** Every row of the sidebar section for a view state. */
export function sidebarRows(view: ViewState, width: number): TermLine[] {
  switch (view.status) {
    case "remote":
      return [muted("HUD: this TUI's server keeps its HUD database on another machine")];
    case "none":
      return [muted("HUD: nothing rendered yet for this session")];
    case "off":
      return [
        muted(
          view.by === "project"
            ? "HUD off for this project (agent-hud on; /hud-on for this session only)"
            : "HUD off for this session (/hud-on)",
        ),
      ];
    case "shown":
      return [statusLine(view.shown), ...hudRows(view.shown, width)];
  }
}
