/** @jsxImportSource @agent-hud/ujsx */
import type { ContextInfo } from "../density/index.ts";
import type { HudView } from "../state/hud-state.ts";
import { layoutTree } from "../budget/index.ts";
import { renderLayout } from "./render-hud.ts";
import type { RenderOptions } from "./options.ts";

export type HudProps = { view: HudView; context: ContextInfo; options?: RenderOptions };

/**
 * The whole HUD as one tree, budget-fitted exactly like `renderHud` (which serialises the same layout
 * part by part; a test checks both produce identical markdown).
 */
export function Hud({ view, context, options }: HudProps) {
  const layout = renderLayout(view, context, options);
  return (
    <>
      {layoutTree(layout.title, layout.stable)}
      {layoutTree("", layout.volatile, false)}
    </>
  );
}
