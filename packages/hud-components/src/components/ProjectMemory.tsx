/** @jsxImportSource @agent-hud/ujsx */
import type { Density } from "../context/density.ts";
import type { HudState } from "../state/hud-state.ts";
import { command, filePath, heading, item, itemPart, labelLine, sectionTree, short, taskItem } from "./parts.ts";
import type { ItemPart, SectionParts, SectionSpec } from "./section-spec.ts";

export type ProjectMemoryProps = { project: HudState; density: Density };

export function projectParts({ project: p, density }: ProjectMemoryProps): SectionParts | null {
  const total = p.conventions.length + p.keyfiles.length + p.notes.length + p.decisions.length + p.steps.length;
  // what the memory file could not read is said in one line, even when nothing else is there
  const problem = p.memoryFile?.problem ? [labelLine("Memory file", p.memoryFile.problem)] : [];
  if (!total)
    return problem.length ? { noun: "project items", listOp: "project.list", total, items: [], head: problem } : null;
  const base = { noun: "project items", listOp: "project.list", total };
  if (density === "minimal") {
    const durable = p.conventions.length + p.keyfiles.length;
    const detail = durable ? ` (${durable} conventions/key files)` : "";
    return {
      ...base,
      shown: 0,
      items: [],
      head: [labelLine("Project", `${total} items${detail} — `, command("project.list")), ...problem],
    };
  }
  const max = density === "full" ? 140 : 70;
  const v = density;
  const steps = p.steps.filter((s) => density === "full" || !s.done);
  const items: ItemPart[] = [
    ...p.conventions.map((c) => itemPart(c, () => item(`${c.id} convention: ${short(c.content, max)}`), v)),
    ...p.keyfiles.map((k) =>
      itemPart(k, () => item(`${k.id} key file: `, filePath(k.path, 100), k.note ? ` — ${short(k.note, max)}` : ""), v),
    ),
    ...p.decisions.map((d) => itemPart(d, () => item(`${d.id} decision: ${short(d.summary, max)}`), v)),
    ...p.notes.map((n) => itemPart(n, () => item(`${n.id} note: ${short(n.content, max)}`), v)),
    ...steps.map((s) => itemPart(s, () => taskItem(s.done, `${s.id}: ${short(s.description, max)}`), v)),
  ];
  // What users most want carried over is conventions, key files and the open plan: finished steps go
  // first, then notes and decisions (oldest first, as in the session's sections), then the furthest-out steps.
  const [c, k, d, n] = [p.conventions.length, p.keyfiles.length, p.decisions.length, p.notes.length];
  const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
  const stepAt = range(c + k + d + n, steps.length);
  const done = (i: number) => steps[i - (c + k + d + n)]?.done === true;
  const dropOrder = [
    ...stepAt.filter(done),
    ...range(c + k + d, n),
    ...range(c + k, d),
    ...stepAt.filter((i) => !done(i)).reverse(),
    ...range(c, k),
    ...range(0, c),
  ];
  return { ...base, total: items.length, head: [heading("Project memory"), ...problem], items, dropOrder };
}

/** What this project taught earlier sessions: conventions, key files, project-scoped notes, decisions, steps. */
export function ProjectMemory(props: ProjectMemoryProps) {
  return sectionTree(projectParts(props));
}

export const projectSection: SectionSpec = {
  name: "project",
  priority: 45,
  stability: "stable",
  deps: ({ view }) => [
    view.project.conventions,
    view.project.keyfiles,
    view.project.notes,
    view.project.decisions,
    view.project.steps,
    view.project.memoryFile,
  ],
  parts: ({ view }, density) => projectParts({ project: view.project, density }),
};
