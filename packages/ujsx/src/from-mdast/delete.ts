import type { Delete } from "mdast";
import type { FromMdastHandler } from "./state.ts";

export const strike: FromMdastHandler = (node: Delete, state) => state.element("delete", {}, node);
