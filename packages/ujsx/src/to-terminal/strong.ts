import { styled, type ToTerminalHandler } from "./state.ts";

export const strong: ToTerminalHandler = (node, state) => ({ inline: styled(state.phrasing(node), { bold: true }) });
