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
};

const ROLE_COLOUR: Record<TermRole, keyof ThemeColors<unknown>> = {
  heading: "markdownHeading",
  code: "markdownCode",
  link: "markdownLink",
  quote: "markdownBlockQuote",
  marker: "markdownListItem",
  muted: "textMuted",
};

/** A span's role as a colour of the person's theme. */
export function roleColor<C>(theme: ThemeColors<C>, role: TermRole | undefined): C {
  return theme[role ? ROLE_COLOUR[role] : "text"];
}

// opentui's text attribute bits (TextAttributes in @opentui/core), kept here so the layout code needs
// nothing from the TUI's runtime.
const BOLD = 1;
const ITALIC = 4;
const STRIKETHROUGH = 128;

export function spanAttributes(style: { bold?: boolean; italic?: boolean; strike?: boolean }): number {
  return (style.bold ? BOLD : 0) | (style.italic ? ITALIC : 0) | (style.strike ? STRIKETHROUGH : 0);
}
