import type { FromMdastHandler } from "./state.ts";

const hardBreak: FromMdastHandler = () => ({ type: "break", props: {}, children: [] });
// exported under its mdast type name, which is reserved as a variable name
export { hardBreak as break };
