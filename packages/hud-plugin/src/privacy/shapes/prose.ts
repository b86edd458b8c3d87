import { applyShapes, placeholder, type Shape } from "./shape.ts";

// what a sentence calls a secret
const NAME =
  "(?:pass(?:word|wd|phrase|code)|pwd|api[ \\t_-]?key|access[ \\t_-]?key|secret(?:[ \\t_-]?key)?|(?:auth(?:entication)?|access|api|bearer|bot)?[ \\t_-]?token|credentials?)";
// "the password for the staging db is", "my token is now", "password was changed to", "the passphrase for
// the backup:" (a bare `password: x` is a named value, read by its own rule)
const QUALIFIER = "[ \\t]+(?:for|of|on|to)[ \\t]+[^\\n.,;:!?\"'`]{1,40}?";
const VERB =
  "(?:is|are|was|were|will[ \\t]+be|should[ \\t]+be|has[ \\t]+been|had[ \\t]+been|remains)(?:[ \\t]+(?:now|still|just|set[ \\t]+to|changed[ \\t]+to|reset[ \\t]+to))?|(?:set|changed|reset|updated)[ \\t]+to";
const STATED = `\\b${NAME}(?:(?:${QUALIFIER})?[ \\t]+(?:${VERB})|${QUALIFIER}[ \\t]*:)`;
// "use the password", "log in with passphrase", "enter the token", "try password", "set the password to"
const GIVEN = `\\b(?:use|using|with|enter|type|try|paste|gave|give|(?:set|changed?|reset|updated?)(?=[^\\n]{1,40}?[ \\t]to[ \\t]))[ \\t]+(?:the[ \\t]+|my[ \\t]+|this[ \\t]+|our[ \\t]+|your[ \\t]+|a[ \\t]+)?(?:new[ \\t]+|old[ \\t]+|admin[ \\t]+|root[ \\t]+)?${NAME}(?:[ \\t]+to)?`;

const QUOTED = "(?:[\"'`“‘])";
const CLOSE = "(?=[\"'`”’])";
// a word a sentence goes on with, not a value (`the password is required`, `the token is invalid`)
const PROSE_WORD = /^(?:[a-z]+|[A-Z][a-z]+|[A-Z]+|\d{1,3})$/;

const unquotedValue = (value: string) =>
  placeholder(value) ||
  PROSE_WORD.test(value) ||
  /^\[(?:redacted|private)/.test(value) ||
  /\(|^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/.test(value) ||
  /^(?:https?:\/\/|\.{0,2}\/)/.test(value);

const PROSE_SHAPES: Shape[] = [
  {
    kind: "password",
    pattern: new RegExp(`((?:${STATED}|${GIVEN})[ \\t]+${QUOTED})([^"'\`”’\\n]{3,200}?)${CLOSE}`, "gi"),
    keepsLead: true,
    spare: placeholder,
  },
  {
    kind: "password",
    pattern: new RegExp(`((?:${STATED}|${GIVEN})[ \\t]+)([^\\s"'\`“‘”’]{4,200}?)(?=[.,;!?)]*(?:\\s|$))`, "gi"),
    keepsLead: true,
    spare: unquotedValue,
  },
];
// pieces every name has, in its usual cases (literal searches: far cheaper than the name's pattern)
const NAME_LITERALS = [
  "assw",
  "ASSW",
  "assp",
  "ASSP",
  "asscode",
  "wd",
  "WD",
  "key",
  "Key",
  "KEY",
  "ecret",
  "ECRET",
  "oken",
  "OKEN",
  "redential",
  "REDENTIAL",
];
// a secret's name; then, right after it, a verb a statement uses (or a qualifier and a colon), or right
// before it, a verb that gives it ("with the", "use my")
// (the end of each name only, no `\\b`: a pattern of plain words scans fast; the word's rest is read by hand)
const NAME_HIT = /passw|passphrase|passcode|pwd|key|secret|token|credential/gi;
const LETTER = /[A-Za-z]/;
const STATED_AFTER =
  /^(?:[ \t]+(?:for|of|on|to)[ \t][^\n.,;:!?"'`]{1,40}?)?[ \t]+(?:is|are|was|were|will|should|has|had|remains|set|changed|reset|updated)\b|^[ \t]+(?:for|of|on|to)[ \t][^\n:]{1,40}:/i;
const GIVEN_BEFORE =
  /\b(?:use|using|with|enter|type|try|paste|gave|give|set|changed?|reset|updated?)[ \t]+(?:[A-Za-z]+[ \t]+){0,2}$/i;

/**
 * Secrets stated in a sentence, in any person's words: "the password is 'hunter2'", "my token is now
 * X", "the passphrase for the backup: X", "log in with the password X". A quoted value always goes; an
 * unquoted one goes when it is not a plain word (`the password is wrong` stays): it needs a digit, a
 * symbol or mixed case. The words before the value stay. Only the lines where a name has such a verb
 * beside it are read with the (costly) sentence patterns.
 */
export function redactProse(text: string): string {
  if (!NAME_LITERALS.some((l) => text.includes(l))) return text;
  NAME_HIT.lastIndex = 0;
  let out = "";
  let copied = 0;
  for (let hit = NAME_HIT.exec(text); hit; hit = NAME_HIT.exec(text)) {
    let nameEnd = hit.index + hit[0].length;
    // (the rest of a word: `passw` → `password`; a bounded look, a run of glued words must not make it quadratic)
    const wordEnd = Math.min(text.length, nameEnd + 12);
    while (nameEnd < wordEnd && LETTER.test(text[nameEnd]!)) nameEnd++;
    const after = text.slice(nameEnd, nameEnd + 64);
    if (!STATED_AFTER.test(after) && !GIVEN_BEFORE.test(text.slice(Math.max(0, hit.index - 40), hit.index))) continue;
    const start = text.lastIndexOf("\n", hit.index) + 1;
    const newline = text.indexOf("\n", hit.index);
    const end = newline < 0 ? text.length : newline;
    NAME_HIT.lastIndex = end;
    const line = text.slice(start, end);
    const redacted = applyShapes(PROSE_SHAPES, line);
    if (redacted === line) continue;
    out += text.slice(copied, start) + redacted;
    copied = end;
  }
  return copied === 0 ? text : out + text.slice(copied);
}
