// What the bundles get for `decode-named-character-reference` (build-bundle.ts). mdast-util-to-markdown
// imports it to compare link labels (definitions and references, which no HUD contains), and with it the
// table of 2,125 HTML entity names: a top-level object literal that every start would parse (~3 ms, more
// than any module the first call runs). Here the table is required on the first decode, so it stays in the
// bundle unparsed until a memory file with an entity is read. Same answers as the package's own function.
let table: Record<string, string> | undefined;

export function decodeNamedCharacterReference(value: string): string | false {
  // resolved by the build beside the decoder it replaces (a dependency of the markdown packages, not ours)
  table ??= (require("character-entities") as { characterEntities: Record<string, string> }).characterEntities;
  return Object.hasOwn(table, value) ? table[value]! : false;
}
