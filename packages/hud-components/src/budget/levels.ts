import type { Density } from "../context/density.ts";
import { moreItem } from "../components/parts.ts";
import type { SectionInput, SectionParts, SectionSpec } from "../components/section-spec.ts";
import type { PartCache, Piece } from "../render/part-cache.ts";

/**
 * One section at one density. Items are serialised lazily from the end that is kept longest, so a
 * section of 1,000 notes under a 400-token budget serialises and counts only the notes that can show.
 */
export type Level = {
  density: Density;
  parts: SectionParts;
  head: Piece[];
  tail: Piece[];
  /** Item indexes in drop order (first dropped first). */
  dropOrder: number[];
  n: number;
  fixedTokens: number;
  piece(index: number): Piece;
  /** kept[k]: tokens of the k items dropped last; grown on demand. */
  kept: number[];
  /** "+N more" pieces by N. */
  more: Map<number, Piece>;
};

/** A head/tail entry is either a node to serialise or markdown produced elsewhere (custom sections). */
export type RawBlock = { md: string; nodes?: unknown[] };
export const isRaw = (block: unknown): block is RawBlock =>
  typeof block === "object" && block !== null && typeof (block as RawBlock).md === "string" && !("$$typeof" in block);

/** A section's level, reused while its declared inputs keep their identity (per tokenizer cache). */
export function buildLevel(spec: SectionSpec, input: SectionInput, density: Density, cache: PartCache): Level | null {
  const deps = spec.deps?.(input);
  if (!deps) return freshLevel(spec, input, density, cache);
  return cache.level(spec, density, deps, () => freshLevel(spec, input, density, cache));
}

function freshLevel(spec: SectionSpec, input: SectionInput, density: Density, cache: PartCache): Level | null {
  const parts = spec.parts(input, density);
  if (!parts) return null;
  const block = (b: unknown): Piece => (isRaw(b) ? cache.raw(b.md) : cache.block(b as never));
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
  const pieces: Piece[] = [];
  const piece = (i: number): Piece => {
    let p = pieces[i];
    if (!p) {
      const part = parts.items[i];
      if (!part) throw new RangeError(`section ${spec.name} has no item ${i}`);
      prefetch(i);
      p = pieces[i] = cache.item(part.key, variantOf(i), part.render);
    }
    return p;
  };
  const fixedTokens = [...head, ...tail].reduce((sum, p) => sum + p.sep, 0);
  return { density, parts, head, tail, dropOrder, n, fixedTokens, piece, kept: [0], more: new Map() };
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
      const part = parts.items[i];
      if (part) requests.push({ key: part.key, variant: variantOf(i), render: part.render });
    }
    done = upto;
    cache.prefetchItems(requests);
  };
}

/** Tokens of the k items kept longest; stops growing past `cap` and then returns a value above it. */
export function keptTokens(level: Level, k: number, cap = Infinity): number {
  const kept = level.kept;
  while (kept.length <= k) {
    const last = kept[kept.length - 1] as number;
    if (last > cap) return last;
    const index = level.dropOrder[level.n - kept.length] as number;
    kept.push(last + level.piece(index).tokens);
  }
  return kept[k] as number;
}

export function morePiece(level: Level, dropped: number, cache: PartCache): Piece {
  let piece = level.more.get(dropped);
  if (!piece)
    level.more.set(dropped, (piece = cache.looseItem(moreItem(dropped, level.parts.noun, level.parts.listOp))));
  return piece;
}

/**
 * Estimated tokens of a section with `dropped` items removed: exact for additive tokenizers except a
 * possible separator token after the list's last item (+1; the exact pass settles it). Above `cap`
 * the value is only guaranteed to be above `cap`.
 */
export function estimate(level: Level, dropped: number, cache: PartCache, cap = Infinity): number {
  const shown = level.n - dropped;
  // o200k splits numbers into 1-3 digit chunks, so the "+N more" line costs the same for every N
  // with as many digits: estimate with one representative per digit count instead of serialising each N.
  const more = dropped > 0 ? morePiece(level, 10 ** (String(dropped).length - 1), cache).tokens : 0;
  const base = level.fixedTokens + more + (level.n > 0 ? 1 : 0);
  return base + keptTokens(level, shown, cap - base);
}

/** Smallest number of drops that brings the section to `target` tokens or below (n if none does). */
export function dropsToFit(level: Level, target: number, cache: PartCache): number {
  if (estimate(level, 0, cache, target) <= target) return 0;
  let k = 0;
  // Grow the kept tail while it fits; the walk touches only items that end up shown (plus one).
  while (k < level.n - 1 && estimate(level, level.n - (k + 1), cache, target) <= target) k += 1;
  return level.n - k;
}

/** Display-order indexes of the items still shown. */
export function keptIndexes(level: Level, dropped: number): number[] {
  if (!level.parts.dropOrder) return Array.from({ length: level.n - dropped }, (_, i) => i + dropped);
  const drop = new Set(level.dropOrder.slice(0, dropped));
  const out: number[] = [];
  for (let i = 0; i < level.n; i++) if (!drop.has(i)) out.push(i);
  return out;
}
