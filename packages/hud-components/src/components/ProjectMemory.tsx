/** @jsxImportSource @agent-hud/ujsx */
import type { Density } from "../density/density.ts";
import type { HudState } from "../state/hud-state.ts";
import type { Convention, Decision, KeyFile, Note, Step } from "../state/items.ts";
import { FilePath } from "./FilePath.tsx";
import { short } from "./markup.ts";

export type ProjectMemoryProps = { project: HudState; density: Density };
/** One remembered item; `kind` says how it reads. */
export type MemoryEntry =
  | { kind: "convention"; item: Convention }
  | { kind: "keyfile"; item: KeyFile }
  | { kind: "decision"; item: Decision }
  | { kind: "note"; item: Note }
  | { kind: "step"; item: Step };
export type ProjectMemoryItemProps = { entry: MemoryEntry; density: Density };

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

export function ProjectMemoryItem({ entry, density }: ProjectMemoryItemProps) {
  const max = density === "full" ? 140 : 70;
  switch (entry.kind) {
    case "convention":
      return (
        <item>
          <paragraph>
            {entry.item.id} convention: {short(entry.item.content, max)}
          </paragraph>
        </item>
      );
    case "keyfile":
      return (
        <item>
          <paragraph>
            {entry.item.id} key file: <FilePath path={entry.item.path} max={100} />
            {entry.item.note ? ` — ${short(entry.item.note, max)}` : ""}
          </paragraph>
        </item>
      );
    case "decision":
      return (
        <item>
          <paragraph>
            {entry.item.id} decision: {short(entry.item.summary, max)}
          </paragraph>
        </item>
      );
    case "note":
      return (
        <item>
          <paragraph>
            {entry.item.id} note: {short(entry.item.content, max)}
          </paragraph>
        </item>
      );
    case "step":
      return (
        <item checked={entry.item.done}>
          <paragraph>
            {entry.item.id}: {short(entry.item.description, max)}
          </paragraph>
        </item>
      );
  }
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
          <code value="hud project.list" />
        </paragraph>
        {problem}
      </section>
    );
  }
  const entries = memoryEntries(p, density);
  return (
    <section>
      <heading depth={4}>Project memory</heading>
      {problem}
      {entries.length > 0 && (
        <list>
          {entries.map((entry) => (
            <ProjectMemoryItem entry={entry} density={density} />
          ))}
        </list>
      )}
    </section>
  );
}
