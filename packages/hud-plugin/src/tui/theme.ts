import type { TermRole } from "@agent-hud/ujsx";

/** The theme colours the sidebar uses (opencode's `ctx.theme.current`, any colour value). */
export type ThemeColors<C> = {
  text: C;
  textMuted: C;
  markdownHeading: C;
  markdownCode: C;
  markdownLink: C;
  markdownBlockQuote: C;
  markdownListItem: C;
  warning: C;
};

/** A span's role as a colour of the person's theme. */
export function roleColor<C>(theme: ThemeColors<C>, role: TermRole | undefined): C {
  switch (role) {
    case "heading":
      return theme.markdownHeading;
    case "code":
      return theme.markdownCode;
    case "link":
      return theme.markdownLink;
    case "quote":
      return theme.markdownBlockQuote;
    case "marker":
      return theme.markdownListItem;
    case "muted":
      return theme.textMuted;
    default:
      return theme.text;
  }
}

// opentui's text attribute bits (TextAttributes in @opentui/core), kept here so the layout code needs
// nothing from the TUI's runtime.
const BOLD = 1;
const ITALIC = 4;
const STRIKETHROUGH = 128;

export function spanAttributes(style: { bold?: boolean; italic?: boolean; strike?: boolean }): number {
  return (style.bold ? BOLD : 0) | (style.italic ? ITALIC : 0) | (style.strike ? STRIKETHROUGH : 0);
}
