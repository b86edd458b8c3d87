import { fromMarkdown, toTerminal, type TermLine } from "@agent-hud/ujsx";
import type { Shown } from "../board/index.ts";

/** What the person's view of one session is showing. */
export type ViewState =
  | { status: "shown"; shown: Shown; off: false }
  | { status: "off"; shown: Shown | undefined; off: true }
  | { status: "none"; off: false }
  | { status: "remote"; off: false };

const muted = (text: string): TermLine => [{ text, style: { role: "muted" } }];

/** One line about the HUD itself: density, context use and size, so pressure shows before anything else. */
export function statusLine(shown: Shown): TermLine {
  const { density, tokens, context } = shown;
  const line: TermLine = [
    { text: "HUD ", style: { bold: true, role: "heading" } },
    { text: `${density} · ${context.percent}% used · ${tokens} tok`, style: { role: "muted" } },
  ];
  if (context.critical) line.push({ text: " · critical", style: { bold: true, role: "marker" } });
  return line;
}

/**
 * The HUD's markdown laid out for a terminal: read back into the UJSX tree it was serialised from
 * (markdown ⇄ UJSX round-trips for everything the components emit) and rendered by the terminal target.
 */
export function hudRows(markdown: string, width: number): TermLine[] {
  return toTerminal(fromMarkdown(markdown), { width });
}

/** Every row of the sidebar section for a view state. */
export function sidebarRows(view: ViewState, width: number): TermLine[] {
  switch (view.status) {
    case "remote":
      return [muted("HUD: this TUI's server keeps its HUD database on another machine")];
    case "none":
      return [muted("HUD: nothing rendered yet for this session")];
    case "off":
      return [muted("HUD off for this session (/hud-on)")];
    case "shown":
      return [statusLine(view.shown), ...hudRows(view.shown.markdown, width)];
  }
}
