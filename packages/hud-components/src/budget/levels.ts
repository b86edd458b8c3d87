import type { Density } from '../context/density.ts'
import { moreItem } from '../components/parts.ts'
import type { SectionInput, SectionParts, SectionSpec } from '../components/section-spec.ts'
import type { PartCache, Piece } from '../render/part-cache.ts'

/** One section serialised at one density: pieces plus prefix sums over its drop order. */
export type Level = {
  density: Density
  parts: SectionParts
  head: Piece[]
  items: Piece[]
  tail: Piece[]
  dropOrder: number[]
  /** dropPrefix[k]: tokens of the first k items in drop order. */
  dropPrefix: number[]
  itemTokens: number
  fixedTokens: number
}

/** A head/tail entry is either a node to serialise or markdown produced elsewhere (custom sections). */
export type RawBlock = { md: string; nodes?: unknown[] }
export const isRaw = (block: unknown): block is RawBlock =>
  typeof block === 'object' && block !== null && typeof (block as RawBlock).md === 'string' && !('$$typeof' in block)

export function buildLevel(spec: SectionSpec, input: SectionInput, density: Density, cache: PartCache): Level | null {
  const parts = spec.parts(input, density)
  if (!parts) return null
  const block = (b: unknown): Piece => (isRaw(b) ? cache.raw(b.md) : cache.block(b as never))
  const head = parts.head.map(block).filter((p) => p.md)
  const tail = (parts.tail ?? []).map(block).filter((p) => p.md)
  if (!head.length && !tail.length && !parts.items.length) return null
  const variant = `${spec.name}:${density}`
  const items = parts.items.map((p) => cache.item(p.key, p.variant ? `${variant}:${p.variant}` : variant, p.node))
  const dropOrder = parts.dropOrder ?? items.map((_, i) => i)
  const dropPrefix = [0]
  let sum = 0
  for (const i of dropOrder) dropPrefix.push((sum += items[i]?.tokens ?? 0))
  const fixed = [...head, ...tail].reduce((n, p) => n + p.sep, 0)
  return { density, parts, head, items, tail, dropOrder, dropPrefix, itemTokens: sum, fixedTokens: fixed }
}

export function morePiece(level: Level, dropped: number, cache: PartCache): Piece {
  return cache.looseItem(moreItem(dropped, level.parts.noun, level.parts.listOp))
}

/**
 * Estimated tokens of a section with `dropped` items removed. Exact for additive tokenizers except the
 * list's last item, which gets +1 for a possible separator token (the exact pass settles it).
 */
export function estimate(level: Level, dropped: number, cache: PartCache): number {
  const shown = level.items.length - dropped
  const items = level.itemTokens - (level.dropPrefix[dropped] ?? 0)
  const more = dropped > 0 ? morePiece(level, dropped, cache).tokens : 0
  return level.fixedTokens + items + more + (shown > 0 || dropped > 0 ? 1 : 0)
}

/** Smallest number of drops that brings the section to `target` tokens or below (n if none does). */
export function dropsToFit(level: Level, target: number, cache: PartCache): number {
  let lo = 0
  let hi = level.items.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (estimate(level, mid, cache) <= target) hi = mid
    else lo = mid + 1
  }
  return lo
}
