import { h, type Child } from "@agent-hud/ujsx";
import { command, counted, labelLine, moreItem } from "../components/parts.ts";
import type { Slot } from "../budget/fit.ts";
import { isRaw, keptIndexes, morePiece } from "../budget/levels.ts";
import { joinsCleanly, type PartCache, type Piece } from "./part-cache.ts";

type Placed = { piece: Piece; blockEnd: boolean };

/** The pieces of one section in display order: head, list ("+N more" first, then kept items), tail. */
function placeSlot(slot: Slot, cache: PartCache, out: Placed[]): void {
  const level = slot.level;
  if (!level || slot.omitted) return;
  for (const piece of level.head) out.push({ piece, blockEnd: true });
  const list: Piece[] = slot.dropped > 0 ? [morePiece(level, slot.dropped, cache)] : [];
  for (const i of keptIndexes(level, slot.dropped)) list.push(level.piece(i));
  list.forEach((piece, i) => out.push({ piece, blockEnd: i === list.length - 1 }));
  for (const piece of level.tail) out.push({ piece, blockEnd: true });
}

/** One line naming the sections left out entirely; `hud snapshot` shows everything. */
export function omissionNode(slots: readonly Slot[]): Child {
  const parts: string[] = [];
  for (const slot of slots) {
    const level = slot.level;
    if (slot.omitted && level && level.parts.total > 0)
      parts.push(`${level.parts.total} ${counted(level.parts.total, level.parts.noun)}`);
  }
  return parts.length ? labelLine("Not shown", `${parts.join(", ")} — `, command("snapshot")) : null;
}

export type Assembly = { markdown: string; tokens: number; tokensWithSep: number; exact: boolean };

/**
 * Concatenate pieces with blank lines between blocks (what mdast-util-to-markdown emits for the same tree)
 * and sum their cached counts; `exact` says whether that sum is the tokenizer's count of the whole.
 */
export function assemble(
  title: Piece | undefined,
  slots: readonly Slot[],
  omission: Piece | undefined,
  cache: PartCache,
): Assembly {
  const placed: Placed[] = [];
  if (title) placed.push({ piece: title, blockEnd: true });
  for (const slot of slots) placeSlot(slot, cache, placed);
  if (omission) placed.push({ piece: omission, blockEnd: true });
  let markdown = "";
  let tokens = 0;
  let clean = true;
  placed.forEach(({ piece, blockEnd }, i) => {
    const last = i === placed.length - 1;
    markdown += blockEnd && !last ? `${piece.md}\n` : piece.md;
    tokens += blockEnd && !last ? piece.sep : piece.tokens;
    clean &&= joinsCleanly(piece.md);
  });
  const lastPiece = placed[placed.length - 1]?.piece;
  const tokensWithSep = lastPiece ? tokens - lastPiece.tokens + lastPiece.sep : 0;
  return { markdown, tokens, tokensWithSep, exact: clean && cache.tokenizer.additive === true };
}

/** The same layout as one ujsx tree (used by `<Hud>` and to prove assembly equals whole-tree serialisation). */
export function layoutTree(title: string, slots: readonly Slot[], withOmission = true): Child[] {
  const out: Child[] = title ? [h("heading", { depth: 3 }, title)] : [];
  for (const slot of slots) {
    const level = slot.level;
    if (!level || slot.omitted) continue;
    const kept = keptIndexes(level, slot.dropped).map((i) => level.parts.items[i]?.render());
    const list = slot.dropped > 0 ? [moreItem(slot.dropped, level.parts.noun, level.parts.listOp), ...kept] : kept;
    const blocks = (bs: unknown[]) => bs.flatMap((b) => (isRaw(b) ? ((b.nodes ?? []) as Child[]) : [b as Child]));
    out.push(
      ...blocks(level.parts.head),
      list.length ? h("list", {}, ...list) : null,
      ...blocks(level.parts.tail ?? []),
    );
  }
  if (withOmission) out.push(omissionNode(slots));
  return out;
}
