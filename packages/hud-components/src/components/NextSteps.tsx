/** @jsxImportSource @agent-hud/ujsx */
import type { Density } from "../density/density.ts";
import type { Step, Todo } from "../state/items.ts";
import { ListSection } from "./ListSection.tsx";
import { StepItem } from "./StepItem.tsx";
import { short } from "./markup.ts";

export type NextStepsProps = { steps: Step[]; todos?: Todo[]; density: Density };
/** One line of the plan: an agent step or an opencode todo (`item` is the state object it shows). */
export type StepEntry = { item: Step | Todo; done: boolean; text: string };

/** Steps then todos, as shown at a density (finished ones only at full). */
export function stepEntries(steps: Step[], todos: Todo[], density: Density): StepEntry[] {
  const max = density === "full" ? 140 : 70;
  const fromSteps = steps.map((s) => ({ item: s, done: s.done, text: `${s.id}: ${short(s.description, max)}` }));
  const fromTodos = todos
    .filter((t) => t.status !== "cancelled")
    .map((t) => ({
      item: t,
      done: t.status === "completed",
      text: `${t.status === "in_progress" ? "doing" : "todo"}: ${short(t.content, max)}`,
    }));
  const all = [...fromSteps, ...fromTodos];
  return density === "full" ? all : all.filter((e) => !e.done);
}

/** The plan: the agent's own steps plus opencode's todo list, as GFM task items. */
export function NextSteps({ steps, todos = [], density }: NextStepsProps) {
  const entries = stepEntries(steps, todos, density);
  if (!entries.length) return null;
  let line;
  if (density === "minimal") {
    const open = entries.filter((e) => !e.done);
    const first = open[0];
    if (!first) return null;
    line = (
      <>
        <strong>Next</strong> {short(first.text, 40)}
        {open.length > 1 ? ` (+${open.length - 1})` : ""}
      </>
    );
  }
  return <ListSection title="Next steps" items={entries} Item={StepItem} density={density} line={line} />;
}
