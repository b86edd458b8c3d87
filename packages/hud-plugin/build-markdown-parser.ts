// The markdown parser a hook's runtime requires on its first parse (build-lazy-markdown.ts), bundled by
// build.ts as `markdown-parser.js`: the packages ujsx parses with, at the versions it pins.
export { fromMarkdown } from "mdast-util-from-markdown";
export { gfm } from "micromark-extension-gfm";
