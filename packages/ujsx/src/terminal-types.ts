/**
 * What a terminal line is made of. Roles name what a span is, not its colour, so a host (opencode's
 * TUI, a CLI) maps them to its own theme.
 */
export type TermRole = "heading" | "code" | "link" | "quote" | "marker" | "muted";

export type TermStyle = {
  bold?: boolean;
  italic?: boolean;
  strike?: boolean;
  role?: TermRole;
};

/** A run of text with one style; its text never holds a line ending or a control character. */
export type TermSpan = { text: string; style: TermStyle };

/** One terminal row: spans whose display width together never exceeds the width asked for. */
export type TermLine = TermSpan[];
