/** @jsxImportSource @agent-hud/ujsx */
import type { Density } from "../context/density.ts";
import type { HudState } from "../state/hud-state.ts";
import { heading, item, itemPart, labelLine, sectionTree, short } from "./parts.ts";
import type { SectionParts, SectionSpec } from "./section-spec.ts";

export type ParentContextProps = { parent?: HudState; density: Density };

export function parentParts({ parent, density }: ParentContextProps): SectionParts | null {
  if (!parent || (!parent.task && !parent.decisions.length)) return null;
  const task = parent.task ? short(parent.task.description, density === "full" ? 200 : 80) : "none";
  const base = { noun: "parent decisions", listOp: "snapshot", total: parent.decisions.length };
  if (density !== "full") return { ...base, items: [], head: [labelLine("Parent task", task)] };
  return {
    ...base,
    head: [heading("Parent session"), labelLine("Task", task)],
    items: parent.decisions.map((d) => itemPart(d, () => item(`${d.id}: ${short(d.summary, 100)}`), "parent")),
  };
}

/** For sub-agents: the parent session's task and decisions, read-only. */
export function ParentContext(props: ParentContextProps) {
  return sectionTree(parentParts(props));
}

export const parentSection: SectionSpec = {
  name: "parent",
  priority: 65,
  stability: "stable",
  deps: ({ view }) => [view.parent?.task, view.parent?.decisions],
  parts: ({ view }, density) => parentParts({ parent: view.parent, density }),
};
