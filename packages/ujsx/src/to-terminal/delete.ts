import { styled, type ToTerminalHandler } from "./state.ts";

const strike: ToTerminalHandler = (node, state) => ({ inline: styled(state.phrasing(node), { strike: true }) });
// exported under its mdast type name, which is reserved as a variable name
export { strike as delete };
