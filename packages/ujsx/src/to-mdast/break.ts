import { u } from "unist-builder";
import type { ToMdastHandler } from "./state.ts";

const hardBreak: ToMdastHandler = () => u("break");
// exported under its mdast type name, which is reserved as a variable name
export { hardBreak as break };
