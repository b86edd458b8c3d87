/** @jsxImportSource @agent-hud/ujsx */
import type { Density } from "../context/density.ts";
import type { Compacted } from "../state/items.ts";
import { command, labelLine, sectionTree, short } from "./parts.ts";
import type { SectionParts, SectionSpec } from "./section-spec.ts";

export type CompactedContextProps = { compacted?: Compacted; compactions: number; density: Density };

export function compactedParts({ compacted, compactions, density }: CompactedContextProps): SectionParts | null {
  if (!compactions && !compacted) return null;
  const base = { noun: "compaction summary", listOp: "snapshot", total: compacted ? 1 : 0, items: [] };
  const times = `${compactions}×`;
  // Older turns left the prompt but not the index: a few tokens say how to get them back, at every density.
  const recall = labelLine("Older turns", command("search"));
  if (density === "minimal" || !compacted) {
    return { ...base, shown: 0, head: [labelLine("Compacted", `${times} `, command("search"))] };
  }
  // The summary is model-written prose: it stays one text node, whatever markdown it contains.
  const max = density === "full" ? 1200 : 300;
  return { ...base, head: [labelLine(`Compacted ${times}`, short(compacted.summary, max)), recall] };
}

/** What the last compaction summarised, so the agent knows what it can no longer scroll back to. */
export function CompactedContext(props: CompactedContextProps) {
  return sectionTree(compactedParts(props));
}

export const compactedSection: SectionSpec = {
  name: "compacted",
  priority: 50,
  stability: "stable",
  deps: ({ view }) => [view.session.compacted, view.session.compactions],
  parts: ({ view }, density) =>
    compactedParts({ compacted: view.session.compacted, compactions: view.session.compactions, density }),
};
