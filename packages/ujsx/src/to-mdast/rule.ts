import { u } from "unist-builder";
import type { ToMdastHandler } from "./state.ts";

export const rule: ToMdastHandler = () => u("thematicBreak");
