/** @jsxImportSource @opentui/solid */
import { v1Glue } from "./glue-v1.tsx";
import { v2Glue } from "./glue-v2.tsx";
import { startBoardView } from "./board-view.tsx";
import type { V1TuiApi, V2TuiContext } from "./types/host.ts";

// One person's view per TUI process, whichever entry its opencode calls first.
let started = false;

/** opencode 1.x: `tui(api, options)`. */
const tui = async (api: V1TuiApi, options?: Record<string, unknown>) => {
  if (started) return;
  started = true;
  startBoardView(v1Glue(api), options);
};

/** opencode 2: `setup(context)`, with `ui.slot`; any other context (a 1.x registration pass) is not a TUI. */
const setup = async (ctx: Partial<V2TuiContext> | undefined) => {
  if (started || typeof ctx?.ui?.slot !== "function" || typeof ctx?.keymap?.layer !== "function") return;
  started = true;
  const cleanups: Array<() => void> = [];
  startBoardView(v2Glue(ctx as V2TuiContext, cleanups), ctx.options);
  return () => {
    for (const cleanup of cleanups.splice(0).reverse()) if (typeof cleanup === "function") cleanup();
    started = false;
  };
};

export default { id: "agent-hud", tui, setup };
