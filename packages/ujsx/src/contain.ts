// Text from agents, people and repositories must not act on whoever reads it: no terminal escape
// sequence, no C0/C1 control, no bidi override and no invisible tag character survives, whether the text
// reaches a terminal or the model (the markdown). Escape sequences go as a whole (an orphaned "[31m" would
// still be noise). One function for every target; only whether line endings may stay differs.
const ESCAPES =
  /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[PX^_][^\x1b]*(?:\x1b\\)?|\x9b[0-?]*[ -/]*[@-~]|\x1b[@-_]?/g;
const SPACES = /\r\n|[\t\n\v\f\r\x85\u2028\u2029]/g;
const CONTROLS = /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const UNSAFE =
  /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]|\udb40[\udc00-\udc7f\udd00-\uddef]/;
// Tag characters (U+E0000–E007F) and the variation selectors past U+E0100: invisible in an editor, a diff or
// a review, yet a model reads tags as the ASCII they shadow (a hidden instruction in a note that looks
// harmless). A run goes as one.
const INVISIBLE = /(?:\udb40[\udc00-\udc7f\udd00-\uddef])+/g;
/** In multi-line text (a code block, a paragraph with breaks): every control but tab and line feed. */
const LINE_CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const LINE_SPACES = /\r\n?|[\x85\u2028\u2029]/g;

/** The text kept on one line, with everything that could draw outside it removed; unchanged when already safe. */
export function contain(text: string): string {
  if (!UNSAFE.test(text)) return text;
  return text.replace(ESCAPES, "").replace(SPACES, " ").replace(CONTROLS, "").replace(INVISIBLE, "");
}

/**
 * For the markdown: line feeds and tabs stay (other line endings become a line feed), and what is removed
 * leaves U+FFFD in its place, as a markdown parser does with NUL — so text that was only controls still
 * reads as the node it was, and the reader sees that something was taken out.
 */
export function containLines(text: string): string {
  if (!UNSAFE.test(text)) return text;
  return text
    .replace(ESCAPES, "\ufffd")
    .replace(LINE_SPACES, "\n")
    .replace(LINE_CONTROLS, "\ufffd")
    .replace(INVISIBLE, "\ufffd");
}

/** True when the text holds nothing `contain` would remove (what every output span satisfies). */
export function isContained(text: string): boolean {
  return !UNSAFE.test(text);
}
