import { styled, type ToTerminalHandler } from "./state.ts";

// A blank row before each heading is the only vertical space the narrow sidebar spends.
export const heading: ToTerminalHandler = (node, state) => ({
  block: state.wrap(styled(state.phrasing(node), { bold: true, role: "heading" })),
  gap: true,
});
