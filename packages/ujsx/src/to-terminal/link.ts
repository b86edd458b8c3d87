import { styled, type ToTerminalHandler } from "./state.ts";

// The sidebar has no room for addresses: the link's text shows, styled as a link.
export const link: ToTerminalHandler = (node, state) => ({ inline: styled(state.phrasing(node), { role: "link" }) });
