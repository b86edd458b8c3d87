import type { Static } from "@sinclair/typebox";
import { u } from "unist-builder";
import type { Code } from "../nodes/code.ts";
import type { ToMdastHandler } from "./state.ts";

export const code: ToMdastHandler<Static<typeof Code.schema>> = (node) => u("inlineCode", node.props.value);
