const OPEN = /<private>/i;
// an unclosed tag keeps everything after it private: the person meant to hide it
const SPAN = /<private>[\s\S]*?(?:<\/private>|$(?![\s\S]))/gi;

/** Text between `<private>` and `</private>` (the tags too) becomes `[private]`. */
export function dropPrivate(text: string): string {
  return OPEN.test(text) ? text.replace(SPAN, "[private]") : text;
}
