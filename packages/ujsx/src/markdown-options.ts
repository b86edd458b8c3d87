import { gfmFromMarkdown, gfmToMarkdown } from "mdast-util-gfm";
import type { Options as FromMarkdownOptions } from "mdast-util-from-markdown";
import type { Options as ToMarkdownOptions } from "mdast-util-to-markdown";
import { gfm } from "micromark-extension-gfm";

/**
 * The one place markdown style is decided. Tables are not padded: the reader is a model, and padding
 * only costs tokens.
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
};

export const fromMarkdownOptions: FromMarkdownOptions = {
  extensions: [gfm()],
  mdastExtensions: [gfmFromMarkdown()],
};
