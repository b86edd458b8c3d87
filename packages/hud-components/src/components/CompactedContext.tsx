/** @jsxImportSource @agent-hud/ujsx */
import type { Density } from "../density/density.ts";
import type { Compacted } from "../state/items.ts";
import { short } from "./markup.ts";

export type CompactedContextProps = { compacted?: Compacted; compactions: number; density: Density };

/** What the last compaction summarised, so the agent knows what it can no longer scroll back to. */
export function CompactedContext({ compacted, compactions, density }: CompactedContextProps) {
  if (!compactions && !compacted) return null;
  if (density === "minimal" || !compacted) {
    return (
      <section>
        <paragraph>
          <strong>Compacted</strong> {compactions}× <inlineCode value="hud search" />
        </paragraph>
      </section>
    );
  }
  // The summary is model-written prose: it stays one text node, whatever markdown it contains.
  // Older turns left the prompt but not the index: a few tokens say how to get them back, at every density.
  return (
    <section>
      <paragraph>
        <strong>Compacted {compactions}×</strong> {short(compacted.summary, density === "full" ? 1200 : 300)}
      </paragraph>
      <paragraph>
        <strong>Older turns</strong> <inlineCode value="hud search" />
      </paragraph>
    </section>
  );
}
