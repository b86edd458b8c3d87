import type { Density } from "../density/density.ts";
import type { HudView } from "../state/hud-state.ts";
import type { ResolvedRenderOptions } from "./options.ts";
import type { FittedSections } from "../budget/index.ts";

export type StableResult = FittedSections & { hash: string; title: string };

type Entry = { keys: unknown[]; result: StableResult };

// A few entries cover a process serving several sessions in turn; each entry is compared by identity.
const MAX_ENTRIES = 16;
const entries: Entry[] = [];

/**
 * What the stable part depends on. States are immutable and the projector keeps untouched sections'
 * identity, so comparing these references is both cheap and exact; turn/usage bookkeeping never
 * replaces them, which is why the warm path hits.
 */
function keysOf(view: HudView, density: Density, budget: number, o: ResolvedRenderOptions): unknown[] {
  const s = view.session;
  const r = view.resume;
  return [
    o,
    density,
    budget,
    s.task,
    s.blockers,
    s.steps,
    s.todos,
    s.decisions,
    s.notes,
    s.files,
    s.compacted,
    s.compactions,
    s.toolResults,
    view.project,
    view.parent,
    r?.sessionID,
    r?.task,
    r?.openSteps,
  ];
}

export function stableMemo(
  view: HudView,
  density: Density,
  budget: number,
  o: ResolvedRenderOptions,
  compute: () => StableResult,
): StableResult {
  const keys = keysOf(view, density, budget, o);
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] as Entry;
    if (entry.keys.every((k, j) => k === keys[j])) {
      if (i > 0) entries.splice(0, 0, ...entries.splice(i, 1));
      return entry.result;
    }
  }
  const result = compute();
  entries.unshift({ keys, result });
  if (entries.length > MAX_ENTRIES) entries.length = MAX_ENTRIES;
  return result;
}

/** Forget memoised renders (benchmarks measuring the cold path use this). */
export function clearRenderMemo(): void {
  entries.length = 0;
}
