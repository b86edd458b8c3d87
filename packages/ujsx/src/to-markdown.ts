import type { Root } from "mdast";
import { toMarkdown as serialize } from "mdast-util-to-markdown";
import { defaultRegistry } from "./default-registry.ts";
import { toMarkdownOptions } from "./markdown-options.ts";
import { plainListItem } from "./plain-list-item.ts";
import type { TransformRegistry } from "./registry.ts";
import { isResolvedRoot, resolve } from "./resolve.ts";
import { toMdast } from "./to-mdast.ts";
import type { Child, UNode } from "./types.ts";
import type { ValidationMode } from "./validate.ts";

export type ToMarkdownOptions = { registry?: TransformRegistry; mode?: ValidationMode; path?: string };

/** Serialise an mdast tree with the package's fixed markdown settings (for callers that cache mdast). */
export function mdastToMarkdown(tree: Root): string {
  const list = tree.children.length === 1 ? tree.children[0] : undefined;
  const item = list?.type === "list" && !list.ordered && list.children.length === 1 ? list.children[0] : undefined;
  return (item && plainListItem(item)) ?? serialize(tree, toMarkdownOptions);
}

/** Resolve (when given JSX), convert to mdast, serialise as GFM. Always ends with "\n" (empty tree: ""). */
export function toMarkdown(tree: Child | UNode, options: ToMarkdownOptions = {}): string {
  const registry = options.registry ?? defaultRegistry;
  const node = isResolvedRoot(tree) ? tree : resolve(tree, { registry, mode: options.mode, path: options.path });
  return mdastToMarkdown(toMdast(node, { registry }));
}
