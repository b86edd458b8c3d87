import { h } from "@agent-hud/ujsx";
import type { ContextInfo, Density } from "../context/index.ts";
import type { SectionInput } from "../components/section-spec.ts";
import type { HudView } from "../state/hud-state.ts";
import { initialSlots, ladder, omittedCounts, type FitInput, type Slot } from "../budget/fit.ts";
import { totalTokens } from "../budget/fit.ts";
import { refill, restore, save } from "../budget/refill.ts";
import { assemble, omissionNode, type Assembly } from "./assemble.ts";
import { fnv1a } from "./hash.ts";
import { partCache, type PartCache, type Piece } from "./part-cache.ts";
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

export type FittedPart = Assembly & { slots: Slot[]; omitted: Record<string, number>; titleKept: boolean };

/** Run the ladder until the assembled part fits `room` tokens (exactly, not just by estimate). */
export function fitSlots(fit: FitInput, room: number, title: Piece | undefined, withOmission: boolean): FittedPart {
  const { cache } = fit;
  const slots = initialSlots(fit);
  const omission = (): Piece | undefined => {
    if (!withOmission) return undefined;
    const node = omissionNode(slots);
    return node ? cache.block(node) : undefined;
  };
  let heading = title;
  const overhead = () => (heading?.sep ?? 0) + (omission()?.sep ?? 0);
  // Capped at the room: sections far over budget are not fully serialised just to learn they do not fit.
  const estimateAll = () => totalTokens(slots, cache, overhead(), room);
  const measure = () => {
    const a = assemble(heading, slots, omission(), cache);
    return a.exact
      ? a
      : { ...a, tokens: cache.tokenizer.count(a.markdown), tokensWithSep: cache.tokenizer.count(`${a.markdown}\n`) };
  };
  const steps = ladder(slots, { ...fit, overhead: () => overhead() }, () => room);
  let done = false;
  const advance = () => {
    if (done) return false;
    if (steps.next().done) {
      done = true;
      if (!heading) return false;
      heading = undefined;
    }
    return true;
  };
  while (estimateAll() > room && advance()) {}
  let result = measure();
  while (result.tokens > room && advance()) result = measure();
  if (result.tokens <= room && heading === title) {
    const saved = save(slots);
    refill(slots, fit, room, overhead);
    const refilled = measure();
    if (refilled.tokens <= room) result = refilled;
    else restore(slots, saved);
  }
  if (result.tokens > room) result = { markdown: "", tokens: 0, tokensWithSep: 0, exact: true };
  return { ...result, slots, omitted: omittedCounts(slots), titleKept: heading !== undefined };
}

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

export type Layout = { result: RenderResult; title: string; stable: Slot[]; volatile: Slot[] };

/** renderHud plus the fitted layout it assembled (what `<Hud>` turns back into one tree). */
export function renderLayout(view: HudView, context: ContextInfo, options?: RenderOptions): Layout {
  const o = resolveRenderOptions(options);
  const density = context.density;
  const configured = Math.floor(o.budgets[density] ?? 0);
  const budget = Number.isFinite(configured) ? Math.max(0, configured) : 0;
  const cache = partCache(o.tokenizer);
  const input: SectionInput = { view, context, now: options?.now, staleness: o.staleness, directory: o.directory };

  const stable = stableMemo(view, density, budget, o, () => {
    const room = Math.max(0, budget - volatileReserve(o, density, cache));
    const title = o.title && density !== "minimal" ? cache.block(h("heading", { depth: 3 }, o.title)) : undefined;
    const fitted = fitSlots(fitInput(o, false, input, density, cache), room, title, true);
    return { ...fitted, hash: fnv1a(fitted.markdown), title: fitted.titleKept && title ? o.title : "" };
  });

  const room = budget - (stable.markdown ? stable.tokensWithSep : 0);
  const vol = o.volatile.length
    ? fitSlots(fitInput(o, true, input, density, cache), Math.max(0, room), undefined, false)
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
  return {
    result,
    title: stable.title,
    stable: stable.markdown ? stable.slots : [],
    volatile: volatileOut ? (vol?.slots ?? []) : [],
  };
}
