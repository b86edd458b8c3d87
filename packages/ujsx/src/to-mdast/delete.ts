import { u } from "unist-builder";
import type { ToMdastHandler } from "./state.ts";

const strike: ToMdastHandler = (node, state) => u("delete", state.phrasing(node));
export { strike as delete };
