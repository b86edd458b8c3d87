import type { FromMdastHandler } from "./state.ts";

export const thematicBreak: FromMdastHandler = () => ({ type: "rule", props: {}, children: [] });
