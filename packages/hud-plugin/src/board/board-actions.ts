import type { HudState, ToolCall } from "@agent-hud/hud-components";
import { contain } from "@agent-hud/ujsx";

/**
 * What the person can do from `/hud-edit`: `ask` actions need a text (prompted for), the others are one
 * call. Titles hold agent-written text, so it is contained and cut to one dialog row.
 */
export type BoardAction =
  | { title: string; kind: "ask"; prompt: string; call: (text: string) => ToolCall }
  | { title: string; kind: "do"; call: ToolCall }
  | { title: string; kind: "read"; call: ToolCall };

const short = (text: string, max = 60) => {
  const line = contain(text);
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

// What the person can add, each a prompt for one text: [title, prompt, operation, argument].
const ADD: ReadonlyArray<readonly [string, string, string, string]> = [
  ["Set the task…", "The task", "task.set", "description"],
  ["Add a note…", "Note", "notes.add", "content"],
  ["Record a decision…", "Decision", "decisions.record", "summary"],
  ["Add a next step…", "Step", "steps.add", "description"],
  ["Add a blocker…", "Blocker", "blockers.add", "description"],
];

export function boardActions(state: HudState, project?: HudState): BoardAction[] {
  const actions: BoardAction[] = ADD.map(([title, prompt, tool, key]) => ({
    title,
    kind: "ask",
    prompt,
    call: (text: string) => ({ tool, args: { [key]: text } }),
  }));
  for (const step of state.steps.filter((s) => !s.done))
    actions.push({
      title: `Complete ${step.id}: ${short(step.description)}`,
      kind: "do",
      call: { tool: "steps.complete", args: { id: step.id } },
    });
  const remove = (tool: string, id: string, text: string) =>
    actions.push({ title: `Remove ${id}: ${short(text)}`, kind: "do", call: { tool, args: { id } } });
  for (const decision of state.decisions) remove("decisions.remove", decision.id, decision.summary);
  for (const note of state.notes) remove("notes.remove", note.id, note.content);
  for (const blocker of state.blockers) remove("blockers.remove", blocker.id, blocker.description);
  // what the agent put in the HUD itself; its code is not shown here (`hud components.show` has it)
  for (const [scope, components] of [
    ["session", state.components ?? []],
    ["project", project?.components ?? []],
  ] as const)
    for (const component of components)
      actions.push({
        title: `Remove agent component ${short(component.name, 40)} (${scope})`,
        kind: "do",
        call: { tool: "components.remove", args: { name: component.name } },
      });
  actions.push({ title: "History: who changed what", kind: "read", call: { tool: "history", args: { limit: 30 } } });
  if (state.task)
    actions.push({
      title: `Clear the task: ${short(state.task.description)}`,
      kind: "do",
      call: { tool: "task.clear" },
    });
  return actions;
}
