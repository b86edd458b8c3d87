import { h, isUJsxElement, mdastToMarkdown, plainListItem, resolve, toMdast, type Child } from "@agent-hud/ujsx/core";

type Root = ReturnType<typeof toMdast>;
type ListItem = Parameters<typeof plainListItem>[0];
type MdastNode = { type: string; children?: MdastNode[] };

// Each item's first line starts with its bullet in column 0; every other line of an item is either
// blank or indented by the bullet's width, and a tight list joins items with one newline. So a newline
// followed by a non-space character is exactly where the next item starts.
const ITEM_START = /\n(?=\S)/;

/**
 * Items whose serialisation cannot depend on their neighbours: only paragraphs inside (the list handler
 * looks across items for a leading thematic break, and nested lists look at their position).
 */
const standalone = (item: MdastNode): boolean =>
  item.type === "listItem" && (item.children ?? []).every((child) => child.type === "paragraph");

/**
 * Markdown of many list items from one serialiser call: entry i equals
 * `toMarkdown(h('list', {}, items[i]), { mode: 'trusted' })` (property-tested). mdast-util-to-markdown's
 * per-call setup (handlers, joins, every extension's unsafe patterns, the list and root around one item)
 * costs about as much as the item itself, and a cold HUD serialises dozens of items. Returns undefined
 * when the items cannot be proven to serialise independently (the caller then serialises them one by one).
 */
export function serialiseItems(items: readonly Child[]): string[] | undefined {
  if (items.length < 2 || !items.every((item) => isUJsxElement(item) && item.type === "item")) return undefined;
  let root: Root;
  try {
    root = toMdast(resolve(h("list", {}, ...items), { mode: "trusted" }));
  } catch {
    return undefined; // the caller's own per-item call reports the error with the item's path
  }
  const list = root.children[0] as MdastNode | undefined;
  if (root.children.length !== 1 || list?.type !== "list" || list.children?.length !== items.length) return undefined;
  // an item of one plain text is written without the serialiser (ujsx's plain-list-item.ts); the rest in one call
  const out = list.children.map((item) => plainListItem(item as ListItem));
  const rest = list.children.filter((_, i) => out[i] === undefined);
  if (!rest.length) return out as string[];
  if (!rest.every(standalone)) return undefined;
  const md = mdastToMarkdown({ ...root, children: [{ ...list, children: rest } as Root["children"][number]] });
  const parts = md.slice(0, -1).split(ITEM_START);
  if (parts.length !== rest.length || !md.endsWith("\n")) return undefined;
  let next = 0;
  return out.map((plain) => plain ?? `${parts[next++]}\n`);
}
