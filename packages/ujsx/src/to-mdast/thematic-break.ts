import { u } from "unist-builder";
import type { ToMdastHandler } from "./state.ts";

export const thematicBreak: ToMdastHandler = () => u("thematicBreak");
