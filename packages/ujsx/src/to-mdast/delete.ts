import { u } from "unist-builder";
import type { ToMdastHandler } from "./state.ts";

const strike: ToMdastHandler = (node, state) => u("delete", state.phrasing(node));
// exported under its mdast type name, which is reserved as a variable name
export { strike as delete };
