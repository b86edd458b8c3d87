import { h, toMarkdown, type Child } from '@agent-hud/ujsx'
import type { Tokenizer } from '../tokenize/tokenizer.ts'

/** A serialised part: its markdown and token count, plus the count with a blank-line separator after it. */
export type Piece = { md: string; tokens: number; sep: number }

const SIG_LIMIT = 4096

/**
 * Serialisation and token counts, cached per tokenizer. Items are keyed by their (immutable) state
 * object, so a state edit re-serialises only the items it touched; other blocks by their content.
 */
export class PartCache {
  private byItem = new WeakMap<object, Map<string, Piece>>()
  private bySignature = new Map<string, Piece>()
  constructor(readonly tokenizer: Tokenizer) {}

  item(key: object, variant: string, node: Child): Piece {
    let variants = this.byItem.get(key)
    if (!variants) this.byItem.set(key, (variants = new Map()))
    let piece = variants.get(variant)
    if (!piece) variants.set(variant, (piece = this.piece(toMarkdown(h('list', {}, node), { mode: 'production' }))))
    return piece
  }

  block(node: Child): Piece {
    const signature = JSON.stringify(node)
    let piece = this.bySignature.get(signature)
    if (!piece) {
      if (this.bySignature.size >= SIG_LIMIT) this.bySignature.clear()
      piece = this.piece(toMarkdown(node, { mode: 'production' }))
      this.bySignature.set(signature, piece)
    }
    return piece
  }

  /** A list item that is not a state item (the "+N more" line): cached by content. */
  looseItem(node: Child): Piece {
    return this.block(h('list', {}, node))
  }

  raw(md: string): Piece {
    return this.piece(md)
  }

  private piece(md: string): Piece {
    const tokenizer = this.tokenizer
    const tokens = tokenizer.count(md)
    let sep = -1
    return {
      md,
      tokens,
      // Most pieces never end a block, so the separator variant is counted on first use only.
      get sep() {
        if (sep < 0) sep = tokenizer.count(`${md}\n`)
        return sep
      },
    }
  }
}

const caches = new WeakMap<Tokenizer, PartCache>()

export function partCache(tokenizer: Tokenizer): PartCache {
  let cache = caches.get(tokenizer)
  if (!cache) caches.set(tokenizer, (cache = new PartCache(tokenizer)))
  return cache
}

/** Parts join exactly when each starts with a character the tokenizer cannot merge across a newline. */
export const joinsCleanly = (md: string): boolean => md.length > 0 && !/^[\s/]/.test(md)
