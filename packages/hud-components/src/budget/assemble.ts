import { h, type Child } from "@agent-hud/ujsx/core";
import { command, counted, labelLine, moreItem } from "../components/markup.ts";
import type { SectionFit } from "./ladder.ts";
import { isRaw, keptIndexes, morePart } from "./density-parts.ts";
import { joinsCleanly, type PartCache, type MeasuredPart } from "./part-cache.ts";
import { fillPlainSlot, plainSlotTemplate } from "./number-template.ts";

type Placed = { part: MeasuredPart; blockEnd: boolean };

/** The measured of one section in display order: head, list ("+N more" first, then kept items), tail. */
function placeSection(section: SectionFit, cache: PartCache, out: Placed[]): void {
  const parts = section.parts;
  if (!parts || section.omitted) return;
  for (const part of parts.head) out.push({ part, blockEnd: true });
  const list: MeasuredPart[] = section.dropped > 0 ? [morePart(parts, section.dropped, cache)] : [];
  for (const i of keptIndexes(parts, section.dropped)) list.push(parts.part(i));
  list.forEach((part, i) => out.push({ part, blockEnd: i === list.length - 1 }));
  for (const part of parts.tail) out.push({ part, blockEnd: true });
}

/** What the omission line counts ("3 notes, 2 files"): "" when no section with items is left out. */
function omittedText(sections: readonly SectionFit[]): string {
  const counts: string[] = [];
  for (const section of sections) {
    const parts = section.parts;
    if (section.omitted && parts && parts.source.total > 0)
      counts.push(`${parts.source.total} ${counted(parts.source.total, parts.source.noun)}`);
  }
  return counts.join(", ");
}

const omissionLine = (counts: string): Child => labelLine("Not shown", `${counts} — `, command("snapshot"));

/** One line naming the sections left out entirely; `hud snapshot` shows everything. */
export function omissionNode(sections: readonly SectionFit[]): Child {
  const counts = omittedText(sections);
  return counts ? omissionLine(counts) : null;
}

// The fitter asks for the omission line after every ladder step, and its counts change as sections go: the
// line is serialised once per tokenizer's cache with a placeholder, and counts that are a plain run (see
// plainSlot) are put in its place; any other counts (a custom section's noun) are serialised whole.
const omissionTemplates = new WeakMap<PartCache, string | null>();

/** The omission line measured (undefined when nothing is left out), as `cache.block(omissionNode(...))`. */
export function omissionPart(sections: readonly SectionFit[], cache: PartCache): MeasuredPart | undefined {
  const counts = omittedText(sections);
  if (!counts) return undefined;
  let template = omissionTemplates.get(cache);
  if (template === undefined) omissionTemplates.set(cache, (template = plainSlotTemplate(omissionLine)));
  const md = template === null ? undefined : fillPlainSlot(template, counts);
  return md === undefined ? cache.block(omissionLine(counts)) : cache.raw(md);
}

export type Assembly = { markdown: string; tokens: number; tokensWithSep: number; exact: boolean };

/**
 * Concatenate measured with blank lines between blocks (what mdast-util-to-markdown emits for the same tree)
 * and sum their cached counts; `exact` says whether that sum is the tokenizer's count of the whole.
 */
export function assemble(
  title: MeasuredPart | undefined,
  sections: readonly SectionFit[],
  omission: MeasuredPart | undefined,
  cache: PartCache,
): Assembly {
  const placed: Placed[] = [];
  if (title) placed.push({ part: title, blockEnd: true });
  for (const section of sections) placeSection(section, cache, placed);
  if (omission) placed.push({ part: omission, blockEnd: true });
  let markdown = "";
  let tokens = 0;
  let clean = true;
  placed.forEach(({ part, blockEnd }, i) => {
    const last = i === placed.length - 1;
    markdown += blockEnd && !last ? `${part.md}\n` : part.md;
    tokens += blockEnd && !last ? part.sep : part.tokens;
    clean &&= joinsCleanly(part.md);
  });
  const lastPart = placed[placed.length - 1]?.part;
  const tokensWithSep = lastPart ? tokens - lastPart.tokens + lastPart.sep : 0;
  return { markdown, tokens, tokensWithSep, exact: clean && cache.tokenizer.additive === true };
}

/** The same layout as one ujsx tree (used by `<Hud>` and to prove assembly equals whole-tree serialisation). */
export function layoutTree(title: string, sections: readonly SectionFit[], withOmission = true): Child[] {
  const out: Child[] = title ? [h("heading", { depth: 3 }, title)] : [];
  for (const section of sections) {
    const parts = section.parts;
    if (!parts || section.omitted) continue;
    const kept = keptIndexes(parts, section.dropped).map((i) => parts.source.items[i]?.render());
    const list =
      section.dropped > 0 ? [moreItem(section.dropped, parts.source.noun, parts.source.listOp), ...kept] : kept;
    const blocks = (bs: unknown[]) => bs.flatMap((b) => (isRaw(b) ? ((b.nodes ?? []) as Child[]) : [b as Child]));
    out.push(
      ...blocks(parts.source.head),
      list.length ? h("list", {}, ...list) : null,
      ...blocks(parts.source.tail ?? []),
    );
  }
  if (withOmission) out.push(omissionNode(sections));
  return out;
}
