import type { Delete } from "mdast";
import type { FromMdastHandler } from "./state.ts";

const strike: FromMdastHandler = (node: Delete, state) => state.element("delete", {}, node);
// exported under its mdast type name, which is reserved as a variable name
export { strike as delete };
