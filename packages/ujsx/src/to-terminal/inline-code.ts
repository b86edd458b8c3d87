import type { Static } from "@sinclair/typebox";
import type { InlineCode } from "../nodes/inline-code.ts";
import { contain } from "../contain.ts";
import type { ToTerminalHandler } from "./state.ts";

export const inlineCode: ToTerminalHandler<Static<typeof InlineCode.schema>> = (node) => ({
  inline: [{ text: contain(node.props.value), style: { role: "code" } }],
});
