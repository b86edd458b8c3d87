/** @jsxImportSource @agent-hud/ujsx */
import type { Density } from "../density/density.ts";
import type { HudState } from "../state/hud-state.ts";
import type { Convention, Decision, KeyFile, Note, Step } from "../state/items.ts";
import { ListSection } from "./ListSection.tsx";
import { ProjectMemoryItem } from "./ProjectMemoryItem.tsx";

export type ProjectMemoryProps = { project: HudState; density: Density };
/** One remembered item; `kind` says how it reads. */
export type MemoryEntry =
  | { kind: "convention"; item: Convention }
  | { kind: "keyfile"; item: KeyFile }
  | { kind: "decision"; item: Decision }
  | { kind: "note"; item: Note }
  | { kind: "step"; item: Step };

/** Conventions, key files, decisions, notes, then steps (finished ones only at full). */
export function memoryEntries(p: HudState, density: Density): MemoryEntry[] {
  return [
    ...p.conventions.map((item) => ({ kind: "convention" as const, item })),
    ...p.keyfiles.map((item) => ({ kind: "keyfile" as const, item })),
    ...p.decisions.map((item) => ({ kind: "decision" as const, item })),
    ...p.notes.map((item) => ({ kind: "note" as const, item })),
    ...p.steps.filter((s) => density === "full" || !s.done).map((item) => ({ kind: "step" as const, item })),
  ];
}

/** What this project taught earlier sessions: conventions, key files, project-scoped notes, decisions, steps. */
export function ProjectMemory({ project: p, density }: ProjectMemoryProps) {
  const total = p.conventions.length + p.keyfiles.length + p.notes.length + p.decisions.length + p.steps.length;
  // What the memory file could not read is said in one line, even when nothing else is there.
  const problem = p.memoryFile?.problem ? (
    <paragraph>
      <strong>Memory file</strong> {p.memoryFile.problem}
    </paragraph>
  ) : null;
  if (!total) return problem && <section>{problem}</section>;
  if (density === "minimal") {
    const durable = p.conventions.length + p.keyfiles.length;
    return (
      <section>
        <paragraph>
          <strong>Project</strong> {total} items{durable ? ` (${durable} conventions/key files)` : ""} —{" "}
          <inlineCode value="hud project.list" />
        </paragraph>
        {problem}
      </section>
    );
  }
  return (
    <ListSection
      title="Project memory"
      items={memoryEntries(p, density)}
      Item={ProjectMemoryItem}
      density={density}
      head={problem}
    />
  );
}
