import type { TermLine, TermSpan, TermStyle } from "../terminal-types.ts";
import { graphemes, graphemeWidth, textWidth } from "./width.ts";

/** A hard line break among inline spans (the `break` kind). */
export const BREAK = { break: true } as const;
export type Inline = TermSpan | typeof BREAK;

function sameStyle(a: TermStyle, b: TermStyle): boolean {
  return a.bold === b.bold && a.italic === b.italic && a.strike === b.strike && a.role === b.role;
}

class LineBuilder {
  readonly lines: TermLine[] = [];
  private line: TermLine = [];
  private used = 0;
  constructor(private readonly width: number) {}

  get room(): number {
    return this.width - this.used;
  }

  get empty(): boolean {
    return this.used === 0;
  }

  put(text: string, style: TermStyle, width: number): void {
    const last = this.line[this.line.length - 1];
    if (last && sameStyle(last.style, style)) last.text += text;
    else this.line.push({ text, style });
    this.used += width;
  }

  newline(): void {
    // trailing spaces carry nothing and would only count against the width
    const last = this.line[this.line.length - 1];
    if (last) {
      last.text = last.text.trimEnd();
      if (last.text === "") this.line.pop();
    }
    this.lines.push(this.line);
    this.line = [];
    this.used = 0;
  }

  finish(): TermLine[] {
    if (this.line.length > 0 || this.lines.length === 0) this.newline();
    return this.lines;
  }
}

/**
 * Greedy word wrap at `width` cells: words move to the next line whole; a word longer than a line is
 * cut between graphemes. Spaces at the start of a wrapped line are dropped.
 */
export function wrap(inline: readonly Inline[], width: number): TermLine[] {
  const out = new LineBuilder(Math.max(1, width));
  for (const piece of inline) {
    if ("break" in piece) {
      out.newline();
      continue;
    }
    for (const token of piece.text.split(/( +)/)) {
      if (token === "") continue;
      const w = textWidth(token);
      if (token.startsWith(" ")) {
        const fits = Math.min(w, out.room);
        if (!out.empty && fits > 0) out.put(token.slice(0, fits), piece.style, fits);
        continue;
      }
      if (w > out.room && !out.empty) out.newline();
      if (w <= out.room) {
        out.put(token, piece.style, w);
        continue;
      }
      for (const g of graphemes(token)) {
        const gw = graphemeWidth(g);
        if (gw > out.room && !out.empty) out.newline();
        out.put(g, piece.style, gw);
      }
    }
  }
  return out.finish();
}

/** Cut one line of text (a code line) at `width` cells into as many rows as it needs, keeping spaces. */
export function hardWrap(text: string, style: TermStyle, width: number): TermLine[] {
  const max = Math.max(1, width);
  if (textWidth(text) <= max) return [[{ text, style }]];
  const lines: TermLine[] = [];
  let current = "";
  let used = 0;
  for (const g of graphemes(text)) {
    const gw = graphemeWidth(g);
    if (used + gw > max && current !== "") {
      lines.push([{ text: current, style }]);
      current = "";
      used = 0;
    }
    current += g;
    used += gw;
  }
  if (current !== "") lines.push([{ text: current, style }]);
  return lines;
}

export function lineWidth(line: TermLine): number {
  let width = 0;
  for (const span of line) width += textWidth(span.text);
  return width;
}
