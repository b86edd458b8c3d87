import { isUJsxElement, type Child, type Component, type UJsxElement } from "@agent-hud/ujsx/core";
import type { ItemPart, SectionParts } from "./section-spec.ts";

/** What a section says about its count: everything of `SectionParts` but the parts themselves. */
export type PartsMeta = Pick<SectionParts, "noun" | "listOp" | "total" | "shown" | "dropOrder">;

const flat = (child: Child): Child[] =>
  Array.isArray(child)
    ? child.flatMap(flat)
    : child === null || child === undefined || typeof child === "boolean"
      ? []
      : [child];

/**
 * A component's `<section>` as parts the budget fitter can drop items from: the blocks before its
 * `<list>` are the head, the blocks after it the tail, and each list entry (an item component such as
 * `<NoteItem note={n} />`) becomes an item keyed by the state object `keyOf` picks from its props. The
 * entry is rendered only when the fitter keeps it, and its markdown is cached by that key.
 */
export function treeParts<P>(tree: Child, meta: PartsMeta, keyOf?: (props: P) => object): SectionParts | null {
  // a component that returns another (`<ListSection …/>`) is called until its `<section>` shows
  while (isUJsxElement(tree) && typeof tree.type === "function") tree = (tree.type as Component)(tree.props);
  if (!isUJsxElement(tree)) return null;
  const blocks = flat(tree.props.children);
  const at = blocks.findIndex((b) => isUJsxElement(b) && b.type === "list");
  if (at < 0) return { ...meta, head: blocks, items: [] };
  const entries = flat((blocks[at] as UJsxElement).props.children);
  return {
    ...meta,
    head: blocks.slice(0, at),
    items: entries.map((e) => itemOf(e, keyOf)),
    tail: blocks.slice(at + 1),
  };
}

function itemOf<P>(entry: Child, keyOf: ((props: P) => object) | undefined): ItemPart {
  if (!isUJsxElement(entry) || typeof entry.type !== "function" || !keyOf)
    throw new TypeError(
      "a section's list entries must be item components, and its spec must say which prop is the item",
    );
  const render = entry.type as Component<P & object>;
  const props = entry.props as P & object;
  return { key: keyOf(props), render: () => render(props) };
}
