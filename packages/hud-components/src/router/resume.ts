import type { HudState } from "../state/hud-state.ts";

/** What a later session could take over: the unfinished task and the open steps (agent steps + open todos). */
export function resumeSummary(state: HudState): { task?: string; steps: string[]; openSteps: number } {
  const steps = state.steps.filter((s) => !s.done).map((s) => s.description);
  const seen = new Set(steps);
  for (const todo of state.todos) {
    if ((todo.status === "pending" || todo.status === "in_progress") && !seen.has(todo.content)) {
      seen.add(todo.content);
      steps.push(todo.content);
    }
  }
  return state.task
    ? { task: state.task.description, steps, openSteps: steps.length }
    : { steps, openSteps: steps.length };
}

/** True when a session left something worth resuming. */
export const hasUnfinishedWork = (state: HudState): boolean =>
  state.task !== undefined || resumeSummary(state).openSteps > 0;
