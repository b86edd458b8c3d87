/** @jsxImportSource @agent-hud/ujsx */
import type { Density } from "../density/density.ts";
import type { HudState } from "../state/hud-state.ts";
import type { Decision } from "../state/items.ts";
import { short } from "./markup.ts";

export type ParentContextProps = { parent?: HudState; density: Density };
export type ParentDecisionProps = { decision: Decision };

export function ParentDecision({ decision }: ParentDecisionProps) {
  return (
    <item>
      <paragraph>
        {decision.id}: {short(decision.summary, 100)}
      </paragraph>
    </item>
  );
}

/** For sub-agents: the parent session's task and decisions, read-only. */
export function ParentContext({ parent, density }: ParentContextProps) {
  if (!parent || (!parent.task && !parent.decisions.length)) return null;
  const task = parent.task ? short(parent.task.description, density === "full" ? 200 : 80) : "none";
  if (density !== "full") {
    return (
      <section>
        <paragraph>
          <strong>Parent task</strong> {task}
        </paragraph>
      </section>
    );
  }
  return (
    <section>
      <heading depth={4}>Parent session</heading>
      <paragraph>
        <strong>Task</strong> {task}
      </paragraph>
      {parent.decisions.length > 0 && (
        <list>
          {parent.decisions.map((decision) => (
            <ParentDecision decision={decision} />
          ))}
        </list>
      )}
    </section>
  );
}
