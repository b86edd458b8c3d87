import { wordLike } from "../look-alikes.ts";
import { mark } from "../mark.ts";
import { entropy, randomLooking } from "../token-runs.ts";

// parts of token characters joined by `$` (`$` ends a run of token characters, so each part alone can
// look too short to be anything)
const GLUED = /\w[$|][\w+/=-]/;
const JOINED = /(?<![\w$|])[A-Za-z0-9+/_-]{6,}(?:[$|][A-Za-z0-9+/_=-]{4,}){1,6}(?![\w$|])/g;

/**
 * Tokens whose parts are joined by `$` or `|` (a key id and its secret, `id$secret`, Facebook's
 * `appid|secret`): taken whole when the
 * parts together are long and random. A password hash (`$6$…`) is read before this; a shell variable
 * (`a$HOME`), a Java inner class (`Outer$Inner`) or a template (`${x}`) is words, not random.
 */
export function redactJoinedTokens(text: string): string {
  // (a cheap gate: a `$` between letters or digits is rare outside such tokens)
  if ((!text.includes("$") && !text.includes("|")) || !GLUED.test(text)) return text;
  return text.replace(JOINED, (whole: string) => {
    const joined = whole.replace(/[$|]/g, "");
    const bits = entropy(joined);
    // (random text of both cases can pass for words by its vowels; at 4.5 bits a character it is not words)
    if (joined.length < 24 || !randomLooking(joined) || bits < 4 || (bits < 4.5 && wordLike(joined))) return whole;
    return mark("secret");
  });
}
