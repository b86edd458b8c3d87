import { BREAK, type ToTerminalHandler } from "./state.ts";

export const hardBreak: ToTerminalHandler = () => ({ inline: [BREAK] });
