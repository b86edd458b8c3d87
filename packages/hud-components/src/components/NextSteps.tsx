/** @jsxImportSource @agent-hud/ujsx */
import type { Density } from "../context/density.ts";
import type { Step, Todo } from "../state/items.ts";
import { heading, itemPart, labelLine, sectionTree, short, taskItem } from "./parts.ts";
import type { ItemPart, SectionParts, SectionSpec } from "./section-spec.ts";

export type NextStepsProps = { steps: Step[]; todos?: Todo[]; density: Density };

type Entry = { key: object; done: boolean; text: string };

function entries(steps: Step[], todos: Todo[], density: Density): Entry[] {
  const max = density === "full" ? 140 : 70;
  const fromSteps = steps.map((s) => ({ key: s, done: s.done, text: `${s.id}: ${short(s.description, max)}` }));
  const fromTodos = todos
    .filter((t) => t.status !== "cancelled")
    .map((t) => ({
      key: t,
      done: t.status === "completed",
      text: `${t.status === "in_progress" ? "doing" : "todo"}: ${short(t.content, max)}`,
    }));
  const all = [...fromSteps, ...fromTodos];
  return density === "full" ? all : all.filter((e) => !e.done);
}

export function stepParts({ steps, todos = [], density }: NextStepsProps): SectionParts | null {
  const all = entries(steps, todos, density);
  const open = all.filter((e) => !e.done);
  if (!all.length && !open.length) return null;
  const base = { noun: "steps", listOp: "steps.list", total: all.length };
  if (density === "minimal") {
    const first = open[0];
    if (!first) return null;
    const rest = open.length > 1 ? ` (+${open.length - 1})` : "";
    return { ...base, shown: 1, items: [], head: [labelLine("Next", `${short(first.text, 40)}${rest}`)] };
  }
  const items: ItemPart[] = all.map((e) => itemPart(e.key, () => taskItem(e.done, e.text), density));
  // Finished entries go first, then the furthest-out ones: the next step is the last thing to drop.
  const indexes = all.map((_, i) => i);
  const dropOrder = [...indexes.filter((i) => all[i]?.done), ...indexes.filter((i) => !all[i]?.done).reverse()];
  return { ...base, head: [heading("Next steps")], items, dropOrder };
}

/** The plan: the agent's own steps plus opencode's todo list, as GFM task items. */
export function NextSteps(props: NextStepsProps) {
  return sectionTree(stepParts(props));
}

export const stepsSection: SectionSpec = {
  name: "steps",
  priority: 70,
  stability: "stable",
  deps: ({ view }) => [view.session.steps, view.session.todos],
  parts: ({ view }, density) => stepParts({ steps: view.session.steps, todos: view.session.todos, density }),
};
