import { gfmToMarkdown } from "mdast-util-gfm";
import type { Options as ToMarkdownOptions } from "mdast-util-to-markdown";
import { plainText } from "./plain-text.ts";

/**
 * The one place markdown style is decided. Tables are not padded: the reader is a model, and padding
 * only costs tokens. Parsing options live beside the parser (from-markdown.ts), so a bundle that only
 * writes markdown carries no parser.
 */
export const toMarkdownOptions: ToMarkdownOptions = {
  bullet: "-",
  bulletOther: "*",
  bulletOrdered: ".",
  emphasis: "*",
  strong: "*",
  fence: "`",
  fences: true,
  rule: "-",
  listItemIndent: "one",
  incrementListMarker: true,
  extensions: [gfmToMarkdown({ tablePipeAlign: false })],
  // text no escaping rule can touch skips the rules (plain-text.ts); the output is the default handler's
  handlers: { text: plainText },
};
