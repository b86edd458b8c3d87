import type { HudProps, RenderResult } from "@agent-hud/hud-components";
import { layoutOf, layoutTree, renderLayout } from "@agent-hud/hud-components/internal";
import { Fragment, h, resolve } from "@agent-hud/ujsx/core";

/** The stable part of a session's last tree: redacted and serialised, with the markdown it was laid out as. */
export type StablePart = { markdown: string; json: string };

/** A list of resolved nodes (trusted: the package's own components over a validated state). */
function resolved(nodes: ReturnType<typeof layoutTree>): unknown[] {
  const tree = resolve(h(Fragment, {}, ...nodes), { mode: "trusted" }) as { type: string; children?: unknown[] };
  return tree.type === "root" ? (tree.children ?? []) : [tree];
}

/**
 * The JSON of a render's `<Hud>` tree, redacted, exactly as `treeOf` would give it, from the render's own
 * layout: its stable part (the sections that change only with the state) is laid out, redacted and serialised
 * again only when that part's markdown changed; the volatile part (context, time) every time. Undefined when
 * it cannot be built (the views then read the markdown back).
 */
export function treeJson(
  input: HudProps,
  result: RenderResult,
  last: StablePart | undefined,
  redact: <T>(value: T) => T,
): { json: string; stable: StablePart } | undefined {
  try {
    // the fit that produced the render's markdown, as `<Hud>` lays it out (fitted again for a render made elsewhere)
    const layout = layoutOf(result) ?? renderLayout(input.view, input.context, input.options);
    const stable =
      last?.markdown === layout.result.stable
        ? last
        : { markdown: layout.result.stable, json: inner(redact(resolved(layoutTree(layout.title, layout.stable)))) };
    const volatile = inner(redact(resolved(layoutTree("", layout.volatile, false))));
    const children = stable.json && volatile ? `${stable.json},${volatile}` : stable.json || volatile;
    return { json: `{"type":"root","props":{},"children":[${children}]}`, stable };
  } catch {
    return undefined;
  }
}

/** A list's JSON without its brackets, so two lists join into one. */
const inner = (list: unknown[]) => JSON.stringify(list).slice(1, -1);
