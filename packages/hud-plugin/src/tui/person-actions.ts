import type { HudState, ToolCall } from "@agent-hud/hud-components";
import { contain } from "@agent-hud/ujsx";

/**
 * What the person can do from `/hud-edit`: `ask` actions need a text (prompted for), the others are one
 * call. Titles hold agent-written text, so it is contained and cut to one dialog row.
 */
export type PersonAction =
  | { title: string; kind: "ask"; prompt: string; call: (text: string) => ToolCall }
  | { title: string; kind: "do"; call: ToolCall }
  | { title: string; kind: "read"; call: ToolCall };

const short = (text: string, max = 60) => {
  const line = contain(text);
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

export function personActions(state: HudState): PersonAction[] {
  const actions: PersonAction[] = [
    {
      title: "Set the task…",
      kind: "ask",
      prompt: "The task",
      call: (description) => ({ tool: "task.set", args: { description } }),
    },
    {
      title: "Add a note…",
      kind: "ask",
      prompt: "Note",
      call: (content) => ({ tool: "notes.add", args: { content } }),
    },
    {
      title: "Record a decision…",
      kind: "ask",
      prompt: "Decision",
      call: (summary) => ({ tool: "decisions.record", args: { summary } }),
    },
    {
      title: "Add a next step…",
      kind: "ask",
      prompt: "Step",
      call: (description) => ({ tool: "steps.add", args: { description } }),
    },
    {
      title: "Add a blocker…",
      kind: "ask",
      prompt: "Blocker",
      call: (description) => ({ tool: "blockers.add", args: { description } }),
    },
  ];
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
  actions.push({ title: "History: who changed what", kind: "read", call: { tool: "history", args: { limit: 30 } } });
  if (state.task)
    actions.push({
      title: `Clear the task: ${short(state.task.description)}`,
      kind: "do",
      call: { tool: "task.clear" },
    });
  return actions;
}
