import { wordLike } from "../look-alikes.ts";
import { mark } from "../mark.ts";
import { entropy, randomLooking } from "../token-runs.ts";

// the characters of a part (`=` only after the first part: padding); `$` and `|` end a run of token
// characters, so each part alone can look too short to be anything
const PART = new Uint8Array(128);
for (const c of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+/_-=") PART[c.charCodeAt(0)] = 1;
const part = (code: number, first: boolean) => code < 128 && PART[code] === 1 && !(first && code === 61);
const separator = (code: number) => code === 36 || code === 124;

/** The next `$` or `|` at or after `from`, or -1. */
function nextSeparator(text: string, from: number): number {
  const dollar = text.indexOf("$", from);
  const bar = text.indexOf("|", from);
  return dollar < 0 ? bar : bar < 0 ? dollar : Math.min(dollar, bar);
}

/**
 * Tokens whose parts are joined by `$` or `|` (a key id and its secret, `id$secret`, Facebook's
 * `appid|secret`): taken whole when the parts together are long and random. A password hash (`$6$…`)
 * is read before this; a shell variable (`a$HOME`), a Java inner class (`Outer$Inner`), a template
 * (`${x}`), a pipe or a table row is words or short, not random. Separator by separator, by hand: a
 * pattern with a look-behind tries every position of the text slowly.
 */
export function redactJoinedTokens(text: string): string {
  let out = "";
  let copied = 0;
  for (let at = nextSeparator(text, 0); at >= 0; at = nextSeparator(text, at + 1)) {
    let start = at;
    while (start > 0 && part(text.charCodeAt(start - 1), true)) start--;
    // six characters before the first separator, and that separator the chain's first
    if (at - start < 6 || (start > 0 && separator(text.charCodeAt(start - 1)))) continue;
    let end = at;
    let parts = 0;
    while (end < text.length && separator(text.charCodeAt(end))) {
      let next = end + 1;
      while (next < text.length && part(text.charCodeAt(next), false)) next++;
      if (next - end - 1 < 4) break;
      end = next;
      parts++;
    }
    if (parts === 0 || parts > 6 || (end < text.length && separator(text.charCodeAt(end)))) {
      at = Math.max(at, end - 1);
      continue;
    }
    const joined = text.slice(start, end).replace(/[$|]/g, "");
    const bits = entropy(joined);
    at = end - 1;
    // (random text of both cases can pass for words by its vowels; at 4.5 bits a character it is not words)
    if (joined.length < 24 || !randomLooking(joined) || bits < 4 || (bits < 4.5 && wordLike(joined))) continue;
    out += text.slice(copied, start) + mark("secret");
    copied = end;
  }
  return copied === 0 ? text : out + text.slice(copied);
}
