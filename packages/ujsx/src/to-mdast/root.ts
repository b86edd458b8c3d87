import { u } from "unist-builder";
import type { ToMdastHandler } from "./state.ts";

export const root: ToMdastHandler = (node, state) => u("root", state.flow(node));
