import { u } from "unist-builder";
import type { ToMdastHandler } from "./state.ts";

// `break` is reserved in expressions, hence the name.
export const hardBreak: ToMdastHandler = () => u("break");
