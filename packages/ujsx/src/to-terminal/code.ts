import type { Static } from "@sinclair/typebox";
import type { Code as CodeKind } from "../nodes/code.ts";
import type { TermLine } from "../terminal-types.ts";
import { contain } from "../contain.ts";
import type { ToTerminalHandler } from "./state.ts";
import { hardWrap } from "./wrap.ts";

// Each source line is its own row (cut, not word-wrapped, so indentation survives); what a line holds
// is contained like any other text.
export const code: ToTerminalHandler<Static<typeof CodeKind.schema>> = (node, state) => {
  const block: TermLine[] = [];
  for (const line of node.props.value.split(/\r\n|\r|\n/)) {
    for (const row of hardWrap(contain(line.replace(/\t/g, "  ")), { role: "code" }, state.width)) block.push(row);
  }
  return { block };
};
