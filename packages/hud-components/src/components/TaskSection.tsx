/** @jsxImportSource @agent-hud/ujsx */
import type { Density } from "../context/density.ts";
import type { Task } from "../state/items.ts";
import { command, heading, labelLine, sectionTree, short } from "./parts.ts";
import type { SectionParts, SectionSpec } from "./section-spec.ts";

export type TaskSectionProps = { task?: Task; density: Density };

export function taskParts({ task, density }: TaskSectionProps): SectionParts | null {
  const base = { items: [], noun: "task", listOp: "task.get", total: task ? 1 : 0 };
  if (!task) {
    return density === "minimal" ? null : { ...base, head: [labelLine("Task", "none set — ", command("task.set"))] };
  }
  const resumed = task.from ? ` (resumed from ${task.from})` : "";
  if (density === "full")
    return { ...base, head: [heading("Task"), <paragraph>{task.description + resumed}</paragraph>] };
  return { ...base, head: [labelLine("Task", short(task.description, density === "compact" ? 160 : 50))] };
}

/** The current task: the first thing the agent should read after a compaction. */
export function TaskSection(props: TaskSectionProps) {
  return sectionTree(taskParts(props));
}

export const taskSection: SectionSpec = {
  name: "task",
  priority: 90,
  stability: "stable",
  deps: ({ view }) => [view.session.task],
  parts: ({ view }, density) => taskParts({ task: view.session.task, density }),
};
