import type { Static } from "@sinclair/typebox";
import type { Code } from "../nodes/code.ts";
import { contain } from "../contain.ts";
import type { ToTerminalHandler } from "./state.ts";

export const inlineCode: ToTerminalHandler<Static<typeof Code.schema>> = (node) => ({
  inline: [{ text: contain(node.props.value), style: { role: "code" } }],
});
