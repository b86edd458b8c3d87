import { keyOf, type MemoryItem, type MemorySection } from "../../state/memory-item.ts";
import type { HudState, IdCounters, MemoryFileState } from "../../state/hud-state.ts";
import { itemId } from "../../state/hud-state.ts";
import type { ResolvedProjectorOptions } from "../options.ts";
import { done } from "../result.ts";
import { capFifo, clip } from "../text.ts";
import type { Handler } from "./handler.ts";
import { capSteps } from "./steps.ts";

const series: Record<MemorySection, keyof IdCounters> = {
  conventions: "c",
  keyfiles: "k",
  decisions: "d",
  notes: "n",
  steps: "s",
};
const sections = Object.keys(series) as MemorySection[];

type AnyItem = HudState[MemorySection][number];

/** The state item for a file line, keeping the local id and creation time of the item it replaces. */
function toItem(line: MemoryItem, id: string, at: number, { lengths }: ResolvedProjectorOptions): AnyItem {
  const detail = (max: number) => (line.detail ? clip(line.detail, max) : "");
  switch (line.section) {
    case "conventions":
      return { id, key: line.key, content: clip(line.text, lengths.convention), at };
    case "keyfiles": {
      const note = detail(lengths.note);
      return { id, key: line.key, path: clip(line.text, lengths.path), ...(note ? { note } : {}), at };
    }
    case "decisions": {
      const details = detail(lengths.details);
      return { id, key: line.key, summary: clip(line.text, lengths.summary), ...(details ? { details } : {}), at };
    }
    case "notes":
      return { id, key: line.key, content: clip(line.text, lengths.note), at, updatedAt: at };
    case "steps":
      return { id, key: line.key, description: clip(line.text, lengths.step), done: line.done === true, at };
  }
}

function sameFile(a: MemoryFileState | undefined, b: MemoryFileState): boolean {
  return a !== undefined && JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Applies what the memory file changed. Items are found by key, so the event is idempotent: an add of a
 * key that is already there updates it in place, a remove of a key that is gone is nothing.
 */
export const memorySync: Handler<"memory.sync"> = (state, event, options) => {
  const lists = Object.fromEntries(sections.map((s) => [s, state[s] as AnyItem[]])) as Record<MemorySection, AnyItem[]>;
  const counters = { ...state.counters };
  let changed = false;
  const gone = new Set(event.remove ?? []);
  for (const section of sections) {
    const kept = lists[section].filter((item) => !gone.has(keyOf(section, item)));
    if (kept.length !== lists[section].length) [lists[section], changed] = [kept, true];
  }
  for (const line of [...(event.add ?? []), ...(event.update ?? [])]) {
    // The parser never yields a blank line as an item; a hand-made event that does is ignored, not stored.
    if (!line.text.trim()) continue;
    const found = sections
      .map((section) => ({ section, index: lists[section].findIndex((item) => keyOf(section, item) === line.key) }))
      .find((hit) => hit.index >= 0);
    const old = found ? lists[found.section][found.index] : undefined;
    let id: string;
    if (old && found!.section === line.section) id = old.id;
    else {
      const n = counters[series[line.section]];
      counters[series[line.section]] = n + 1;
      id = itemId(state.scope, series[line.section], n);
    }
    const next = toItem(line, id, old?.at ?? event.at, options);
    if (old && JSON.stringify(old) === JSON.stringify(next)) continue;
    if (found) lists[found.section] = lists[found.section].filter((_, i) => i !== found.index);
    const list = lists[line.section].slice();
    if (found?.section === line.section) list.splice(found.index, 0, next);
    else list.push(next);
    lists[line.section] = list;
    changed = true;
  }
  const memoryFile: MemoryFileState = { hash: event.hash, items: event.items };
  if (event.problem) memoryFile.problem = event.problem;
  if (!changed && sameFile(state.memoryFile, memoryFile)) return done(state);
  const { caps } = options;
  const next: HudState = { ...state, memoryFile, counters };
  if (changed) {
    next.conventions = capFifo(lists.conventions as HudState["conventions"], caps.conventions);
    next.keyfiles = capFifo(lists.keyfiles as HudState["keyfiles"], caps.keyfiles);
    next.decisions = capFifo(lists.decisions as HudState["decisions"], caps.decisions);
    next.notes = capFifo(lists.notes as HudState["notes"], caps.notes);
    next.steps = capSteps(lists.steps as HudState["steps"], caps.steps);
  }
  return done(next);
};
