// What a hook's runtime bundle gets for the markdown parser (mdast-util-from-markdown and micromark's GFM
// syntax, build-bundle.ts). That bundle is one CommonJS file with bytecode, which every in-process hook reads
// and links whole: the parser is ~170 KB of its source and ~1 MB of its bytecode, for a memory file that is
// parsed only when it changed. The parser is a file of its own beside the hook (`markdown-parser.js`,
// build.ts), required on the first parse. ujsx builds its parse options once, at load: `gfm()` stands in for
// the syntax extension there until the parser is loaded, so the same options parse as the packages' own.
import { requireBeside } from "./build-require-beside.ts";

type Parser = {
  fromMarkdown(value: string, options?: { extensions?: unknown[] }): unknown;
  gfm(): unknown;
};

/** The hook sits beside it in `scripts/`. */
const PLACES = ["./markdown-parser.js"];

const GFM = Object.freeze({ standsFor: "micromark-extension-gfm" });

let loaded: { parser: Parser; gfm: unknown } | undefined;

function load(): { parser: Parser; gfm: unknown } {
  const parser = requireBeside<Parser>(PLACES);
  // a broken install: the parse fails, and what reads the memory file reports it as it does any failure
  if (!parser) throw new Error("markdown-parser.js is missing beside the plugin's hook; reinstall agent-hud");
  return { parser, gfm: parser.gfm() };
}

export function gfm(): unknown {
  return GFM;
}

export function fromMarkdown(value: string, options: { extensions?: unknown[] } = {}): unknown {
  loaded ??= load();
  const { parser, gfm: syntax } = loaded;
  return parser.fromMarkdown(value, {
    ...options,
    extensions: options.extensions?.map((extension) => (extension === GFM ? syntax : extension)),
  });
}
