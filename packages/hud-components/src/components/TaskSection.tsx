/** @jsxImportSource @agent-hud/ujsx */
import type { Density } from "../density/density.ts";
import type { Task } from "../state/items.ts";
import { short } from "./markup.ts";

export type TaskSectionProps = { task?: Task; density: Density };

/** The current task: the first thing the agent should read after a compaction. */
export function TaskSection({ task, density }: TaskSectionProps) {
  if (!task) {
    if (density === "minimal") return null;
    return (
      <section>
        <paragraph>
          <strong>Task</strong> none set — <inlineCode value="hud task.set" />
        </paragraph>
      </section>
    );
  }
  if (density === "full") {
    return (
      <section>
        <heading depth={4}>Task</heading>
        <paragraph>
          {task.description}
          {task.from ? ` (resumed from ${task.from})` : ""}
        </paragraph>
      </section>
    );
  }
  return (
    <section>
      <paragraph>
        <strong>Task</strong> {short(task.description, density === "compact" ? 160 : 50)}
      </paragraph>
    </section>
  );
}
