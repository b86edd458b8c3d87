import type { TermLine, TermRole } from "@agent-hud/ujsx/core";

// SGR codes per role: the terminal's own palette, so the person's colour scheme applies.
const ROLE: Record<TermRole, string> = {
  heading: "36",
  code: "33",
  link: "34;4",
  quote: "2",
  marker: "35",
  muted: "2",
};

/** Rows as text for a terminal: styled with SGR sequences when `color`, plain otherwise. */
export function ansiText(lines: readonly TermLine[], color: boolean): string {
  return lines
    .map((line) =>
      line
        .map((span) => {
          if (!color) return span.text;
          const codes = [
            span.style.bold ? "1" : "",
            span.style.italic ? "3" : "",
            span.style.strike ? "9" : "",
            span.style.role ? ROLE[span.style.role] : "",
          ].filter(Boolean);
          // span text is contained (no escapes of its own), so only these sequences reach the terminal
          return codes.length ? `\x1b[${codes.join(";")}m${span.text}\x1b[0m` : span.text;
        })
        .join(""),
    )
    .join("\n");
}
