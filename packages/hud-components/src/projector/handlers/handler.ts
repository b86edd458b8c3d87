import type { EventOf, HudEventKind } from "../../events/hud-event.ts";
import type { HudState, IdCounters } from "../../state/hud-state.ts";
import { itemId } from "../../state/hud-state.ts";
import type { ResolvedProjectorOptions } from "../options.ts";
import { capFifo } from "../text.ts";
import { done, missing, type ApplyResult } from "../result.ts";

export type Handler<K extends HudEventKind> = (
  state: HudState,
  event: EventOf<K>,
  options: ResolvedProjectorOptions,
) => ApplyResult;

export type HandlerMap = { [K in HudEventKind]: Handler<K> };

type ListSection = "decisions" | "notes" | "blockers" | "conventions" | "keyfiles";
type ItemOf<S extends ListSection> = HudState[S][number];

/** Append a new item with the next id of its series, then enforce the section cap (oldest first). */
export function addItem<S extends ListSection>(
  state: HudState,
  section: S,
  series: keyof IdCounters,
  cap: number,
  build: (id: string) => ItemOf<S>,
): ApplyResult {
  const n = state.counters[series];
  const id = itemId(state.scope, series, n);
  const list = [...(state[section] as ItemOf<S>[]), build(id)];
  return done({ ...state, [section]: capFifo(list, cap), counters: { ...state.counters, [series]: n + 1 } }, id);
}

export function removeItem<S extends ListSection>(state: HudState, section: S, id: string, what: string): ApplyResult {
  const list = state[section] as ItemOf<S>[];
  const index = list.findIndex((item) => item.id === id);
  if (index < 0) return missing(state, what, id, list);
  return done({ ...state, [section]: list.filter((_, i) => i !== index) }, id);
}
