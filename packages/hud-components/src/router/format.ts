import type { HudState, HudView } from "../state/hud-state.ts";
import type { Scope, Todo } from "../state/items.ts";

// Plain text for tool results: the agent reads these directly, they are never embedded in the HUD.

const todoMark: Record<Todo["status"], string> = {
  pending: "[ ]",
  in_progress: "[~]",
  completed: "[x]",
  cancelled: "[-]",
};

export const formatTask = (state: HudState): string =>
  state.task
    ? `${state.task.id}: ${state.task.description}${state.task.from ? ` (resumed from ${state.task.from})` : ""}`
    : "no task set";

export function formatDecisions(state: HudState): string[] {
  return state.decisions.map((d) => `${d.id}: ${d.summary}${d.details ? ` — ${d.details}` : ""}`);
}

export const formatNotes = (state: HudState): string[] => state.notes.map((n) => `${n.id}: ${n.content}`);

export function formatSteps(state: HudState): string[] {
  const steps = state.steps.map((s) => `${s.done ? "[x]" : "[ ]"} ${s.id}: ${s.description}`);
  const todos = state.todos.map((t) => `${todoMark[t.status]} todo: ${t.content}`);
  return [...steps, ...todos];
}

export const formatBlockers = (state: HudState): string[] => state.blockers.map((b) => `${b.id}: ${b.description}`);

export const formatFiles = (state: HudState): string[] =>
  state.files.map((f) => `${f.id}: ${f.path} (${f.action === "edit" ? `edited ×${f.edits}` : "read"})`);

export const formatConventions = (state: HudState): string[] => state.conventions.map((c) => `${c.id}: ${c.content}`);

export const formatKeyFiles = (state: HudState): string[] =>
  state.keyfiles.map((k) => `${k.id}: ${k.path}${k.note ? ` — ${k.note}` : ""}`);

export function block(title: string, lines: string[]): string {
  return lines.length ? `${title}:\n${lines.map((line) => `  ${line}`).join("\n")}` : `${title}: none`;
}

export type ListSection = "decisions" | "notes" | "steps";
const listers: Record<ListSection, (state: HudState) => string[]> = {
  decisions: formatDecisions,
  notes: formatNotes,
  steps: formatSteps,
};

/** A scoped list: both scopes unless one is asked for. */
export function formatScopedList(view: HudView, section: ListSection, scope?: Scope): string {
  const parts: string[] = [];
  if (scope !== "project") parts.push(block(`${section} (session)`, listers[section](view.session)));
  if (scope !== "session") parts.push(block(`${section} (project)`, listers[section](view.project)));
  return parts.join("\n");
}

export function formatProject(project: HudState): string {
  return [
    block("conventions (project)", formatConventions(project)),
    block("key files (project)", formatKeyFiles(project)),
    block("decisions (project)", formatDecisions(project)),
    block("notes (project)", formatNotes(project)),
    block("steps (project)", formatSteps(project)),
  ].join("\n");
}

export function formatSnapshot(view: HudView): string {
  const s = view.session;
  const lines = [
    `session (rev ${s.rev}, ${s.agentEdits} agent edits, ${s.turns} turns, ${s.compactions} compactions)`,
    `task: ${formatTask(s)}`,
    block("decisions (session)", formatDecisions(s)),
    block("notes (session)", formatNotes(s)),
    block("steps (session)", formatSteps(s)),
    block("blockers (session)", formatBlockers(s)),
    block("files (session)", formatFiles(s)),
  ];
  if (s.compacted) lines.push(`compacted context:\n  ${s.compacted.summary.replace(/\n/g, "\n  ")}`);
  if (s.parentID) lines.push(`parent session: ${s.parentID}`);
  if (s.resumedFrom) lines.push(`resumed from: ${s.resumedFrom}`);
  lines.push(`project (rev ${view.project.rev})`, formatProject(view.project));
  if (view.parent)
    lines.push(`parent task: ${formatTask(view.parent)}`, block("parent decisions", formatDecisions(view.parent)));
  return lines.join("\n");
}

export type HistoryEntry = {
  seq: number;
  event: { kind: string; at: number } & Record<string, unknown>;
  scope?: Scope;
};

/** One line per event, newest last; long values are cut so the list stays readable. */
export function formatHistory(entries: readonly HistoryEntry[], limit = 20): string {
  if (!entries.length) return "no events yet";
  const shown = entries.slice(-limit);
  const lines = shown.map(({ seq, event, scope }) => {
    const { kind, at, ...rest } = event;
    const fields = Object.entries(rest)
      .map(([key, value]) => {
        // Multi-line strings (tool output) are quoted so each event stays on one line.
        const text = typeof value === "string" && !/[\r\n]/.test(value) ? value : JSON.stringify(value);
        return `${key}=${text.length > 80 ? `${text.slice(0, 79)}…` : text}`;
      })
      .join(" ");
    const when = Number.isFinite(at) ? new Date(at).toISOString() : String(at);
    return `#${seq} ${when} ${scope ? `${scope} ` : ""}${kind}${fields ? ` ${fields}` : ""}`;
  });
  const more = entries.length > shown.length ? [`(${entries.length - shown.length} older events not shown)`] : [];
  return [...more, ...lines].join("\n");
}
