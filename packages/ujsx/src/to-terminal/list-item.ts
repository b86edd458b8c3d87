import type { Static } from "@sinclair/typebox";
import type { Item } from "../nodes/item.ts";
import type { TermSpan } from "../terminal-types.ts";
import type { ToTerminalHandler } from "./state.ts";

// The marker hangs: wrapped rows of the item start under its text, not under the marker.
export const listItem: ToTerminalHandler<Static<typeof Item.schema>> = (node, state) => {
  const place = state.item ?? { ordered: false, number: 1 };
  const { checked } = node.props;
  const mark = checked === undefined ? (place.ordered ? `${place.number}. ` : "• ") : checked ? "[x] " : "[ ] ";
  const first: TermSpan = { text: mark, style: { role: "marker" } };
  const rest: TermSpan = { text: " ".repeat(mark.length), style: {} };
  return { block: state.indent(first, rest, () => state.flow(node)) };
};
