import { h, type Child } from "@agent-hud/ujsx";
import { clip } from "../projector/text.ts";
import type { ItemPart, SectionParts } from "./section-spec.ts";

// Builders shared by the section components. Agent text is only ever passed as a child string,
// so it becomes a text node and can never open markdown structure of its own.

export const heading = (title: string): Child => h("heading", { depth: 4 }, title);

/** A one-line block: bold label, then text. */
export const labelLine = (label: string, ...rest: Child[]): Child =>
  h("paragraph", {}, h("strong", {}, label), " ", ...rest);

export const item = (...children: Child[]): Child => h("item", {}, h("paragraph", {}, ...children));
export const taskItem = (checked: boolean, ...children: Child[]): Child =>
  h("item", { checked }, h("paragraph", {}, ...children));

export const command = (op: string): Child => h("code", { value: `hud ${op}` });

/**
 * A file path as inline code: read verbatim (no `\#` or `\.` escapes), and still contained, since the
 * serialiser picks a fence longer than any backtick run in the path. Code spans are not escaped, so a
 * path with `<` stays text: it could otherwise spell the tag that closes the HUD's wrapper.
 */
export const filePath = (path: string, max: number): Child => {
  const text = short(path, max);
  return text.includes("<") ? text : h("code", { value: text });
};

/** "+12 more notes — `hud notes.list`", shown as the first entry of a list whose items were dropped. */
export const moreItem = (count: number, noun: string, op: string): Child =>
  item(`+${count} more ${counted(count, noun)} — `, command(op));

/** "1 note", "2 notes": nouns are given in the plural. */
export const counted = (count: number, plural: string): string => (count === 1 ? plural.replace(/s$/, "") : plural);

export const short = (text: string, max: number): string => clip(text.replace(/\s+/g, " "), max);

export const itemPart = (key: object, render: () => Child, variant?: string): ItemPart =>
  variant === undefined ? { key, render } : { key, render, variant };

/** Assemble parts into one tree: what the component renders on its own (and what the fitter's output equals). */
export function sectionTree(parts: SectionParts | null, keep?: ReadonlySet<number>, dropped = 0): Child {
  if (!parts) return null;
  const shown = parts.items.filter((_, i) => !keep || keep.has(i)).map((p) => p.render());
  const list = dropped > 0 ? [moreItem(dropped, parts.noun, parts.listOp), ...shown] : shown;
  return h("section", {}, ...parts.head, list.length ? h("list", {}, ...list) : null, ...(parts.tail ?? []));
}
