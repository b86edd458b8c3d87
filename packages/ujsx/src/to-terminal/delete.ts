import { styled, type ToTerminalHandler } from "./state.ts";

export const strike: ToTerminalHandler = (node, state) => ({ inline: styled(state.phrasing(node), { strike: true }) });
