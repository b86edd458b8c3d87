// Agent-written text must stay inside the line it is given: no line ending, no terminal escape
// sequence, no control or bidi-override character survives. Escape sequences go as a whole (an
// orphaned "[31m" would still be noise); whitespace controls become a space so words stay apart.
const ESCAPES =
  /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[PX^_][^\x1b]*(?:\x1b\\)?|\x9b[0-?]*[ -/]*[@-~]|\x1b[@-_]?/g;
const SPACES = /\r\n|[\t\n\v\f\r\x85\u2028\u2029]/g;
const CONTROLS = /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const UNSAFE = /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** The text with everything that could draw outside its line removed; unchanged when already safe. */
export function contain(text: string): string {
  if (!UNSAFE.test(text)) return text;
  return text.replace(ESCAPES, "").replace(SPACES, " ").replace(CONTROLS, "");
}

/** True when the text holds nothing `contain` would remove (what every output span satisfies). */
export function isContained(text: string): boolean {
  return !UNSAFE.test(text);
}
