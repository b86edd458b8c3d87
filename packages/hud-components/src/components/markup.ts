import { h, type Child } from "@agent-hud/ujsx/core";
import { clip } from "../projector/text.ts";

// Text helpers for the components, and the few lines the budget fitter and the custom-section wrapper
// build outside any component. Agent text is only ever passed as a child string, so it becomes a text
// node and can never open markdown structure of its own.

// whitespace `short` would change: anything but a single space (most agent text has none of it)
const SPACING = /[^\S ]| {2}/;

/** One line of agent text, clipped to `max` characters. */
export const short = (text: string, max: number): string =>
  clip(SPACING.test(text) ? text.replace(/\s+/g, " ") : text, max);

/** "1 note", "2 notes": nouns are given in the plural. */
export const counted = (count: number, plural: string): string => (count === 1 ? plural.replace(/s$/, "") : plural);

/** A one-line block: bold label, then text. */
export const labelLine = (label: string, ...rest: Child[]): Child =>
  h("paragraph", {}, h("strong", {}, label), " ", ...rest);

export const command = (op: string): Child => h("inlineCode", { value: `hud ${op}` });

/** "+12 more notes — `hud notes.list`", shown as the first entry of a list whose items were dropped. */
export const moreItem = (count: number, noun: string, op: string): Child =>
  h("item", {}, h("paragraph", {}, `+${count} more ${counted(count, noun)} — `, command(op)));
