import type { HudState } from "../../state/hud-state.ts";
import { itemId } from "../../state/hud-state.ts";
import type { Step } from "../../state/items.ts";
import { clip } from "../text.ts";
import { done, missing, noop } from "../result.ts";
import type { Handler } from "./handler.ts";

/** Over the cap, finished steps leave before open ones; within each group the oldest leaves first. */
export function capSteps(steps: Step[], cap: number): Step[] {
  let excess = steps.length - cap;
  if (excess <= 0) return steps;
  const kept: Step[] = [];
  for (const step of steps) {
    if (excess > 0 && step.done) excess -= 1;
    else kept.push(step);
  }
  return excess > 0 ? kept.slice(excess) : kept;
}

export function appendSteps(
  state: HudState,
  descriptions: string[],
  at: number,
  max: number,
  cap: number,
  from?: string,
): { state: HudState; ids: string[] } {
  let n = state.counters.s;
  const ids: string[] = [];
  const added = descriptions.map((text) => {
    const id = itemId(state.scope, "s", n++);
    ids.push(id);
    const step: Step = { id, description: clip(text, max), done: false, at };
    return from === undefined ? step : { ...step, from };
  });
  const steps = capSteps([...state.steps, ...added], cap);
  return { state: { ...state, steps, counters: { ...state.counters, s: n } }, ids };
}

export const stepAdd: Handler<"step.add"> = (state, event, { caps, lengths }) => {
  const result = appendSteps(state, [event.description], event.at, lengths.step, caps.steps);
  return done(result.state, result.ids[0]);
};

export const stepComplete: Handler<"step.complete"> = (state, event) => {
  const index = state.steps.findIndex((step) => step.id === event.id);
  const current = state.steps[index];
  if (!current) return missing(state, "step", event.id, state.steps);
  if (current.done) return done(state, event.id);
  const steps = state.steps.slice();
  steps[index] = { ...current, done: true, doneAt: event.at };
  return done({ ...state, steps }, event.id);
};

/** Listed ids move to the front in the given order; unlisted steps keep their relative order after them. */
export const stepReorder: Handler<"step.reorder"> = (state, event) => {
  const byId = new Map(state.steps.map((step) => [step.id, step]));
  const unknown = event.ids.filter((id) => !byId.has(id));
  if (unknown.length) return missing(state, "step", unknown.join(", "), state.steps);
  const listed = new Set(event.ids);
  if (listed.size !== event.ids.length) return noop(state, "step ids repeat; list each id once");
  const front = event.ids.map((id) => byId.get(id) as Step);
  const rest = state.steps.filter((step) => !listed.has(step.id));
  return done({ ...state, steps: [...front, ...rest] });
};
