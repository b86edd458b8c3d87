import { BREAK, type ToTerminalHandler } from "./state.ts";

const hardBreak: ToTerminalHandler = () => ({ inline: [BREAK] });
// exported under its mdast type name, which is reserved as a variable name
export { hardBreak as break };
