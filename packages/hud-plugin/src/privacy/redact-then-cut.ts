/**
 * Redact first, then cut: every place that keeps only part of a text passes the part through the
 * redactor with this much more of the text around the cut, so that a secret the cut would split is
 * whole when the redactor reads it (a 4096-bit PEM key is 3.3 KB, JSON-escaped a little more).
 */
const MARGIN = 16_384;

type Redact = (text: string) => string;

/**
 * The redacted piece, unless redaction shortened it so much that the margin past the cut no longer
 * covers a secret the piece's own edge split: then the whole text is redacted (rare: kilobytes of
 * secrets in one text).
 */
function redactPiece(text: string, piece: string, redact: Redact, wanted: number): string {
  const out = redact(piece);
  return piece === text || out.length >= wanted + MARGIN / 2 ? out : redact(text);
}

/** The first `max` characters of the text as it may be stored. */
export function redactedHead(text: string, max: number, redact: Redact): string {
  const piece = text.length > max + MARGIN ? text.slice(0, max + MARGIN) : text;
  return redactPiece(text, piece, redact, max).slice(0, max);
}

/** The last `max` characters of the text as it may be stored. */
export function redactedTail(text: string, max: number, redact: Redact): string {
  const piece = text.length > max + MARGIN ? text.slice(-(max + MARGIN)) : text;
  const out = redactPiece(text, piece, redact, max);
  return out.length > max ? out.slice(-max) : out;
}
