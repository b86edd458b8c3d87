import type { Density } from "../density/density.ts";
import { moreItem } from "../components/markup.ts";
import type { SectionInput, SectionParts, SectionSpec } from "../sections/section-spec.ts";
import type { PartCache, MeasuredPart } from "./part-cache.ts";

/**
 * One section at one density. Items are serialised lazily from the end that is kept longest, so a
 * section of 1,000 notes under a 400-token budget serialises and counts only the notes that can show.
 */
export type DensityParts = {
  density: Density;
  source: SectionParts;
  head: MeasuredPart[];
  tail: MeasuredPart[];
  /** Item indexes in drop order (first dropped first). */
  dropOrder: number[];
  n: number;
  fixedTokens: number;
  part(index: number): MeasuredPart;
  /** kept[k]: tokens of the k items dropped last; grown on demand. */
  kept: number[];
  /** The "+N more" line, measured, by N. */
  more: Map<number, MeasuredPart>;
};

/** A head/tail entry is either a node to serialise or markdown produced elsewhere (custom sections). */
export type RawBlock = { md: string; nodes?: unknown[] };
export const isRaw = (block: unknown): block is RawBlock =>
  typeof block === "object" && block !== null && typeof (block as RawBlock).md === "string" && !("$$typeof" in block);

/** A section's parts, reused while its declared inputs keep their identity (per tokenizer cache). */
export function densityParts(
  spec: SectionSpec,
  input: SectionInput,
  density: Density,
  cache: PartCache,
): DensityParts | null {
  const deps = spec.deps?.(input);
  if (!deps) return freshDensityParts(spec, input, density, cache);
  return cache.memoParts(spec, density, deps, () => freshDensityParts(spec, input, density, cache));
}

function freshDensityParts(
  spec: SectionSpec,
  input: SectionInput,
  density: Density,
  cache: PartCache,
): DensityParts | null {
  const parts = spec.parts(input, density);
  if (!parts) return null;
  const block = (b: unknown): MeasuredPart => (isRaw(b) ? cache.raw(b.md) : cache.block(b as never));
  const head = parts.head.map(block).filter((p) => p.md);
  const tail = (parts.tail ?? []).map(block).filter((p) => p.md);
  if (!head.length && !tail.length && !parts.items.length) return null;
  const variant = `${spec.name}:${density}`;
  const variantOf = (i: number) => {
    const extra = parts.items[i]?.variant;
    return extra ? `${variant}:${extra}` : variant;
  };
  const n = parts.items.length;
  const dropOrder = parts.dropOrder ?? parts.items.map((_, i) => i);
  const prefetch = itemPrefetch(parts, dropOrder, variantOf, cache);
  const measured: MeasuredPart[] = [];
  const part = (i: number): MeasuredPart => {
    let p = measured[i];
    if (!p) {
      const item = parts.items[i];
      if (!item) throw new RangeError(`section ${spec.name} has no item ${i}`);
      prefetch(i);
      p = measured[i] = cache.item(item.key, variantOf(i), item.render);
    }
    return p;
  };
  const fixedTokens = [...head, ...tail].reduce((sum, p) => sum + p.sep, 0);
  return { density, source: parts, head, tail, dropOrder, n, fixedTokens, part, kept: [0], more: new Map() };
}

// Items are needed in keep order (kept longest first); serialising a run of them in one pass saves the
// serialiser's per-call setup. The first run covers most sections at their default caps, later runs
// double, so a 1,000-note section still serialises only a little more than what can show.
const FIRST_RUN = 16;

function itemPrefetch(
  parts: SectionParts,
  dropOrder: readonly number[],
  variantOf: (i: number) => string,
  cache: PartCache,
) {
  const n = dropOrder.length;
  let rank: number[] | undefined;
  let done = 0; // items prefetched, counted from the kept end of the drop order
  return (index: number): void => {
    if (!rank) {
      rank = [];
      dropOrder.forEach((item, at) => ((rank as number[])[item] = n - 1 - at));
    }
    const wanted = rank[index] ?? -1;
    if (wanted < done) return;
    const upto = Math.min(n, Math.max(wanted + 1, done === 0 ? FIRST_RUN : done * 2));
    const requests = [];
    for (let r = done; r < upto; r++) {
      const i = dropOrder[n - 1 - r] as number;
      const item = parts.items[i];
      if (item) requests.push({ key: item.key, variant: variantOf(i), render: item.render });
    }
    done = upto;
    cache.prefetchItems(requests);
  };
}

/** Tokens of the k items kept longest; stops growing past `cap` and then returns a value above it. */
export function keptTokens(parts: DensityParts, k: number, cap = Infinity): number {
  const kept = parts.kept;
  while (kept.length <= k) {
    const last = kept[kept.length - 1] as number;
    if (last > cap) return last;
    const index = parts.dropOrder[parts.n - kept.length] as number;
    kept.push(last + parts.part(index).tokens);
  }
  return kept[k] as number;
}

export function morePart(parts: DensityParts, dropped: number, cache: PartCache): MeasuredPart {
  let part = parts.more.get(dropped);
  if (!part)
    parts.more.set(dropped, (part = cache.looseItem(moreItem(dropped, parts.source.noun, parts.source.listOp))));
  return part;
}

/**
 * Estimated tokens of a section with `dropped` items removed: exact for additive tokenizers except a
 * possible separator token after the list's last item (+1; the exact pass settles it). Above `cap`
 * the value is only guaranteed to be above `cap`.
 */
export function estimate(parts: DensityParts, dropped: number, cache: PartCache, cap = Infinity): number {
  const shown = parts.n - dropped;
  // o200k splits numbers into 1-3 digit chunks, so the "+N more" line costs the same for every N
  // with as many digits: estimate with one representative per digit count instead of serialising each N.
  const more = dropped > 0 ? morePart(parts, 10 ** (String(dropped).length - 1), cache).tokens : 0;
  const base = parts.fixedTokens + more + (parts.n > 0 ? 1 : 0);
  return base + keptTokens(parts, shown, cap - base);
}

/** Smallest number of drops that brings the section to `target` tokens or below (n if none does). */
export function dropsToFit(parts: DensityParts, target: number, cache: PartCache): number {
  if (estimate(parts, 0, cache, target) <= target) return 0;
  let k = 0;
  // Grow the kept tail while it fits; the walk touches only items that end up shown (plus one).
  while (k < parts.n - 1 && estimate(parts, parts.n - (k + 1), cache, target) <= target) k += 1;
  return parts.n - k;
}

/** Display-order indexes of the items still shown. */
export function keptIndexes(parts: DensityParts, dropped: number): number[] {
  if (!parts.source.dropOrder) return Array.from({ length: parts.n - dropped }, (_, i) => i + dropped);
  const drop = new Set(parts.dropOrder.slice(0, dropped));
  const out: number[] = [];
  for (let i = 0; i < parts.n; i++) if (!drop.has(i)) out.push(i);
  return out;
}
