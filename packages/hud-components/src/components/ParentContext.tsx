/** @jsxImportSource @agent-hud/ujsx */
import type { Density } from "../density/density.ts";
import type { HudState } from "../state/hud-state.ts";
import type { Decision } from "../state/items.ts";
import { ListSection } from "./ListSection.tsx";
import { ParentDecision } from "./ParentDecision.tsx";
import { short } from "./markup.ts";

export type ParentContextProps = { parent?: HudState; density: Density };

/** For sub-agents: the parent session's task and decisions, read-only. */
export function ParentContext({ parent, density }: ParentContextProps) {
  if (!parent || (!parent.task && !parent.decisions.length)) return null;
  const task = parent.task ? short(parent.task.description, density === "full" ? 200 : 80) : "none";
  const line =
    density !== "full" ? (
      <>
        <strong>Parent task</strong> {task}
      </>
    ) : undefined;
  const head = (
    <paragraph>
      <strong>Task</strong> {task}
    </paragraph>
  );
  return (
    <ListSection
      title="Parent session"
      items={parent.decisions}
      Item={ParentDecision}
      density={density}
      line={line}
      head={head}
    />
  );
}
