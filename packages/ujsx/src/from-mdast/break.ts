import type { FromMdastHandler } from "./state.ts";

export const hardBreak: FromMdastHandler = () => ({ type: "break", props: {}, children: [] });
