import type { ListItem, Root, Text } from "mdast";
import { toMarkdown as serialize, type Handle } from "mdast-util-to-markdown";
import { toMarkdownOptions } from "./markdown-options.ts";
import { untouched, type TextState } from "./plain-text.ts";

// Most HUD lines are a list item holding one paragraph of one text, and mdast-util-to-markdown spends a few
// microseconds of handlers, trackers and joins on each. Alone in a list, such an item is written as a prefix
// (the bullet, GFM's checkbox) before the text, unchanged when no escaping rule lands in it (plain-text.ts's
// check), then a line end. The prefix, the state the check runs in and the text's neighbours are all taken
// from the serialiser itself, once, by serialising a probe item of each kind: nothing of the format is written
// here by hand.

type Probe = { prefix: string; state: TextState; before: string; after: string };

const PROBE_TEXT = "x";
const probes = new Map<string, Probe | null>();

const itemOf = (value: string, checked: boolean | null | undefined): ListItem => ({
  type: "listItem",
  checked,
  spread: false,
  children: [{ type: "paragraph", children: [{ type: "text", value }] }],
});

const singleItemRoot = (item: ListItem): Root => ({
  type: "root",
  children: [{ type: "list", ordered: false, spread: false, children: [item] }],
});

function probe(checked: boolean | null | undefined): Probe | null {
  const key = String(checked);
  let known = probes.get(key);
  if (known !== undefined) return known;
  let seen: Omit<Probe, "prefix"> | undefined;
  const capture: Handle = (node: Text, _parent, state, info) => {
    seen = {
      state: { unsafe: state.unsafe, stack: [...state.stack], compilePattern: state.compilePattern },
      before: info.before,
      after: info.after,
    };
    return node.value;
  };
  const md = serialize(singleItemRoot(itemOf(PROBE_TEXT, checked)), {
    ...toMarkdownOptions,
    handlers: { ...toMarkdownOptions.handlers, text: capture },
  });
  const suffix = `${PROBE_TEXT}\n`;
  // a serialiser that wrote the probe any other way (a text handler not called once, something after the
  // text) would not be described by a prefix: every item then goes through it
  const prefix = md.slice(0, -suffix.length);
  known = seen && md.endsWith(suffix) && !prefix.includes("\n") ? { ...seen, prefix } : null;
  probes.set(key, known);
  return known;
}

/**
 * The markdown of `item` alone in a tight bullet list, as the serialiser writes it with the package's options,
 * when the item is one paragraph of one non-empty text no escaping rule touches; undefined for any other item
 * (the caller serialises it). Property-tested equal to the serialiser.
 */
export function plainListItem(item: ListItem): string | undefined {
  if (item.spread || item.children.length !== 1) return undefined;
  const paragraph = item.children[0];
  if (paragraph?.type !== "paragraph" || paragraph.children.length !== 1) return undefined;
  const text = paragraph.children[0];
  if (text?.type !== "text" || text.value === "") return undefined;
  const known = probe(item.checked);
  if (!known || !untouched(known.state, text.value, known.before, known.after)) return undefined;
  return `${known.prefix}${text.value}\n`;
}
