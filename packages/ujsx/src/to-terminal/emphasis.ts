import { styled, type ToTerminalHandler } from "./state.ts";

export const emphasis: ToTerminalHandler = (node, state) => ({
  inline: styled(state.phrasing(node), { italic: true }),
});
