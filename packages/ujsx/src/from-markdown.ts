import { fromMarkdown as parse, type Options as FromMarkdownOptions } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import { defaultRegistry } from "./default-registry.ts";
import { FromMdastContext } from "./from-mdast/state.ts";
import type { TransformRegistry } from "./registry.ts";
import type { Root } from "mdast";
import type { UElement } from "./types.ts";

export const fromMarkdownOptions: FromMarkdownOptions = {
  extensions: [gfm()],
  mdastExtensions: [gfmFromMarkdown()],
};

/** Convert an mdast tree back to ujsx through the registry's rules. */
export function fromMdast(tree: Root, options: { registry?: TransformRegistry } = {}): UElement {
  const result = new FromMdastContext(options.registry ?? defaultRegistry).one(tree, -1);
  if (result && !Array.isArray(result) && result.type === "root") return result as UElement;
  const children = result === undefined || result === null ? [] : Array.isArray(result) ? result : [result];
  return { type: "root", props: {}, children };
}

/** Parse GFM markdown into mdast with source positions, for callers that map blocks back to their lines. */
export function parseMarkdown(markdown: string): Root {
  return parse(markdown, fromMarkdownOptions);
}

/** Parse GFM markdown into a ujsx `root`. */
export function fromMarkdown(markdown: string, options: { registry?: TransformRegistry } = {}): UElement {
  return fromMdast(parseMarkdown(markdown), options);
}
