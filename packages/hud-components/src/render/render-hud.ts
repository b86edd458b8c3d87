import { h } from "@agent-hud/ujsx/core";
import type { ContextInfo, Density } from "../density/index.ts";
import type { SectionInput } from "../sections/index.ts";
import type { HudView } from "../state/hud-state.ts";
import { fitSections, partCache, type FitInput, type PartCache, type SectionFit } from "../budget/index.ts";
import { fnv1a } from "../hash/fnv1a.ts";
import { resolveRenderOptions, type RenderOptions, type ResolvedRenderOptions } from "./options.ts";
import { volatileReserve } from "./reserve.ts";
import { stableMemo } from "./memo.ts";

export type RenderResult = {
  markdown: string;
  stable: string;
  volatile: string;
  density: Density;
  tokens: number;
  omitted: Record<string, number>;
  stableHash: string;
};

function fitInput(
  o: ResolvedRenderOptions,
  volatile: boolean,
  input: SectionInput,
  density: Density,
  cache: PartCache,
): FitInput {
  return { specs: volatile ? o.volatile : o.stable, input, density, cache, overhead: () => 0 };
}

/**
 * Render the HUD for one LLM call. The stable part is memoised per state (section identities), density
 * and options, so a call where only usage moved re-renders just the small volatile tail.
 */
export function renderHud(view: HudView, context: ContextInfo, options?: RenderOptions): RenderResult {
  return renderLayout(view, context, options).result;
}

export type Layout = { result: RenderResult; title: string; stable: SectionFit[]; volatile: SectionFit[] };

// a render's layout is laid out again as a tree for the person's views: kept for as long as the render is
const layouts = new WeakMap<RenderResult, Layout>();

/** The layout a render returned by `renderHud` (or `renderLayout`) was assembled from, while it is alive. */
export function layoutOf(result: RenderResult): Layout | undefined {
  return layouts.get(result);
}

/** renderHud plus the fitted layout it assembled (what `<Hud>` turns back into one tree). */
export function renderLayout(view: HudView, context: ContextInfo, options?: RenderOptions): Layout {
  const o = resolveRenderOptions(options);
  const density = context.density;
  const configured = Math.floor(o.budgets[density] ?? 0);
  const budget = Number.isFinite(configured) ? Math.max(0, configured) : 0;
  const cache = partCache(o.tokenizer);
  const input: SectionInput = {
    view,
    context,
    now: options?.now,
    staleness: o.staleness,
    directory: o.directory,
    compactTool: o.compactTool,
  };

  const stable = stableMemo(view, density, budget, o, () => {
    const room = Math.max(0, budget - volatileReserve(o, density, cache));
    const title = o.title && density !== "minimal" ? cache.block(h("heading", { depth: 3 }, o.title)) : undefined;
    const fitted = fitSections(fitInput(o, false, input, density, cache), room, title, true);
    return { ...fitted, hash: fnv1a(fitted.markdown), title: fitted.titleKept && title ? o.title : "" };
  });

  const room = budget - (stable.markdown ? stable.tokensWithSep : 0);
  const vol = o.volatile.length
    ? fitSections(fitInput(o, true, input, density, cache), Math.max(0, room), undefined, false)
    : undefined;
  const volatileMd = vol?.markdown ?? "";
  const markdown = stable.markdown && volatileMd ? `${stable.markdown}\n${volatileMd}` : stable.markdown || volatileMd;
  let tokens = volatileMd ? (stable.markdown ? stable.tokensWithSep : 0) + (vol?.tokens ?? 0) : stable.tokens;
  let markdownOut = markdown;
  let volatileOut = volatileMd;
  // A tokenizer that promises neither exact nor upper-bound sums is re-counted on the final text.
  if (!o.tokenizer.additive && !o.tokenizer.upperBound) {
    tokens = o.tokenizer.count(markdown);
    if (tokens > budget) {
      markdownOut = stable.markdown;
      volatileOut = "";
      tokens = o.tokenizer.count(markdownOut);
    }
  }
  const result: RenderResult = {
    markdown: markdownOut,
    stable: stable.markdown,
    volatile: volatileOut,
    density,
    tokens,
    omitted: vol ? { ...stable.omitted, ...vol.omitted } : stable.omitted,
    stableHash: stable.hash,
  };
  const layout = {
    result,
    title: stable.title,
    stable: stable.markdown ? stable.sections : [],
    volatile: volatileOut ? (vol?.sections ?? []) : [],
  };
  layouts.set(result, layout);
  return layout;
}
