// What the bundles get for `decode-named-character-reference` (build-bundle.ts). mdast-util-to-markdown
// imports it to compare link labels (definitions and references, which no HUD contains), and with it the
// table of 2,125 HTML entity names: a top-level object literal that every start would parse (~3 ms, more
// than any module the first call runs). The table is a file of its own beside the chunks (`html-entities.js`,
// build.ts), required on the first decode: a memory file with an entity. Same answers as the package's own
// function; where the file is missing (a broken install), a reference stays as written.
import { requireBeside } from "./build-require-beside.ts";

/** This code sits in a chunk at the top of `dist/` (or `scripts/`) or in an entry one folder down. */
const PLACES = ["./html-entities.js", "../html-entities.js"];

let table: Record<string, string> | undefined;

function load(): Record<string, string> {
  return requireBeside<{ characterEntities: Record<string, string> }>(PLACES)?.characterEntities ?? {};
}

export function decodeNamedCharacterReference(value: string): string | false {
  table ??= load();
  return Object.hasOwn(table, value) ? table[value]! : false;
}
