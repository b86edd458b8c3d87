import { ActiveFiles, type FileItemProps } from "../components/ActiveFiles.tsx";
import { Blockers, type BlockerItemProps } from "../components/Blockers.tsx";
import { CompactedContext } from "../components/CompactedContext.tsx";
import { ContextBar } from "../components/ContextBar.tsx";
import { DecisionsList, type DecisionItemProps } from "../components/DecisionsList.tsx";
import { NextSteps, stepEntries, type StepItemProps } from "../components/NextSteps.tsx";
import { NotesSection, type NoteItemProps } from "../components/NotesSection.tsx";
import { ParentContext, type ParentDecisionProps } from "../components/ParentContext.tsx";
import {
  memoryEntries,
  ProjectMemory,
  type MemoryEntry,
  type ProjectMemoryItemProps,
} from "../components/ProjectMemory.tsx";
import { ResumeHint } from "../components/ResumeHint.tsx";
import { Staleness } from "../components/Staleness.tsx";
import { TaskSection } from "../components/TaskSection.tsx";
import { WarningBanner } from "../components/WarningBanner.tsx";
import type { SectionName, SectionSpec } from "./section-spec.ts";
import { treeParts } from "./tree-parts.ts";

// What the budget fitter knows about each built-in section: how much it matters (higher survives longer),
// whether it belongs to the byte-stable prefix, and which state it reads (unchanged by identity = reuse the
// serialised section). What a section looks like is its component's business.

const task: SectionSpec = {
  name: "task",
  priority: 90,
  stability: "stable",
  deps: ({ view }) => [view.session.task],
  parts: ({ view: { session } }, density) =>
    treeParts(TaskSection({ task: session.task, density }), {
      noun: "task",
      listOp: "task.get",
      total: session.task ? 1 : 0,
    }),
};

const resume: SectionSpec = {
  name: "resume",
  priority: 85,
  stability: "stable",
  deps: ({ view }) => [view.resume?.sessionID, view.resume?.task, view.resume?.openSteps, !view.session.task],
  parts: ({ view }, density) =>
    treeParts(ResumeHint({ resume: view.resume, hasTask: view.session.task !== undefined, density }), {
      noun: "resume hint",
      listOp: "resume",
      total: 1,
    }),
};

const parent: SectionSpec = {
  name: "parent",
  priority: 65,
  stability: "stable",
  deps: ({ view }) => [view.parent?.task, view.parent?.decisions],
  parts: ({ view }, density) =>
    treeParts(
      ParentContext({ parent: view.parent, density }),
      { noun: "parent decisions", listOp: "snapshot", total: view.parent?.decisions.length ?? 0 },
      (p: ParentDecisionProps) => p.decision,
    ),
};

const blockers: SectionSpec = {
  name: "blockers",
  priority: 80,
  stability: "stable",
  deps: ({ view }) => [view.session.blockers],
  parts: ({ view: { session } }, density) =>
    treeParts(
      Blockers({ blockers: session.blockers, density }),
      {
        noun: "blockers",
        listOp: "blockers.list",
        total: session.blockers.length,
        ...(density === "minimal" ? { shown: 1 } : {}),
      },
      (p: BlockerItemProps) => p.blocker,
    ),
};

const steps: SectionSpec = {
  name: "steps",
  priority: 70,
  stability: "stable",
  deps: ({ view }) => [view.session.steps, view.session.todos],
  parts: ({ view: { session } }, density) => {
    const entries = stepEntries(session.steps, session.todos, density);
    // Finished entries go first, then the furthest-out ones: the next step is the last thing to drop.
    const at = entries.map((_, i) => i);
    const dropOrder = [...at.filter((i) => entries[i]?.done), ...at.filter((i) => !entries[i]?.done).reverse()];
    return treeParts(
      NextSteps({ steps: session.steps, todos: session.todos, density }),
      {
        noun: "steps",
        listOp: "steps.list",
        total: entries.length,
        ...(density === "minimal" ? { shown: 1 } : { dropOrder }),
      },
      (p: StepItemProps) => p.entry.item,
    );
  },
};

const decisions: SectionSpec = {
  name: "decisions",
  priority: 60,
  stability: "stable",
  deps: ({ view }) => [view.session.decisions],
  parts: ({ view: { session } }, density) =>
    treeParts(
      DecisionsList({ decisions: session.decisions, density }),
      { noun: "decisions", listOp: "decisions.list", total: session.decisions.length, ...listless(density) },
      (p: DecisionItemProps) => p.decision,
    ),
};

const notes: SectionSpec = {
  name: "notes",
  priority: 40,
  stability: "stable",
  deps: ({ view }) => [view.session.notes],
  parts: ({ view: { session } }, density) =>
    treeParts(
      NotesSection({ notes: session.notes, density }),
      { noun: "notes", listOp: "notes.list", total: session.notes.length, ...listless(density) },
      (p: NoteItemProps) => p.note,
    ),
};

const project: SectionSpec = {
  name: "project",
  priority: 45,
  stability: "stable",
  deps: ({ view: { project: p } }) => [p.conventions, p.keyfiles, p.notes, p.decisions, p.steps, p.memoryFile],
  parts: ({ view: { project: p } }, density) => {
    const meta = { noun: "project items", listOp: "project.list" };
    if (density === "minimal") {
      const total = p.conventions.length + p.keyfiles.length + p.notes.length + p.decisions.length + p.steps.length;
      return treeParts(ProjectMemory({ project: p, density }), { ...meta, total, shown: 0 });
    }
    const entries = memoryEntries(p, density);
    return treeParts(
      ProjectMemory({ project: p, density }),
      { ...meta, total: entries.length, dropOrder: memoryDropOrder(entries) },
      (props: ProjectMemoryItemProps) => props.entry.item,
    );
  },
};

const files: SectionSpec = {
  name: "files",
  priority: 30,
  stability: "stable",
  deps: ({ view }) => [view.session.files],
  parts: ({ view: { session } }, density) =>
    treeParts(
      ActiveFiles({ files: session.files, density }),
      { noun: "files", listOp: "files.list", total: session.files.length, ...listless(density) },
      (p: FileItemProps) => p.file,
    ),
};

const compacted: SectionSpec = {
  name: "compacted",
  priority: 50,
  stability: "stable",
  deps: ({ view }) => [view.session.compacted, view.session.compactions],
  parts: ({ view: { session: s } }, density) =>
    treeParts(CompactedContext({ compacted: s.compacted, compactions: s.compactions, density }), {
      noun: "compaction summary",
      listOp: "snapshot",
      total: s.compacted ? 1 : 0,
      ...(density === "minimal" || !s.compacted ? { shown: 0 } : {}),
    }),
};

const staleness: SectionSpec = {
  name: "staleness",
  priority: 60,
  stability: "volatile",
  parts: ({ view, now, staleness: options }, density) =>
    treeParts(Staleness({ state: view.session, now, options, density }), {
      noun: "staleness",
      listOp: "snapshot",
      total: 1,
    }),
};

const warning: SectionSpec = {
  name: "warning",
  priority: 100,
  stability: "volatile",
  parts: ({ context }, density) =>
    treeParts(WarningBanner({ context, density }), { noun: "warning", listOp: "snapshot", total: 1 }),
};

const context: SectionSpec = {
  name: "context",
  priority: 95,
  stability: "volatile",
  parts: ({ context: c }, density) =>
    treeParts(ContextBar({ context: c, density }), { noun: "context", listOp: "snapshot", total: 1 }),
};

/** At minimal density a list section is one summary line: none of its items shows individually. */
const listless = (density: string) => (density === "minimal" ? { shown: 0 } : {});

/**
 * What users most want carried over is conventions, key files and the open plan: finished steps go first,
 * then notes and decisions (oldest first, as in the session's sections), then the furthest-out steps.
 */
function memoryDropOrder(entries: readonly MemoryEntry[]): number[] {
  const of = (kind: MemoryEntry["kind"]) => entries.flatMap((e, i) => (e.kind === kind ? [i] : []));
  const steps = of("step");
  const done = (i: number) => entries[i]?.kind === "step" && entries[i].item.done;
  return [
    ...steps.filter(done),
    ...of("note"),
    ...of("decision"),
    ...steps.filter((i) => !done(i)).reverse(),
    ...of("keyfile"),
    ...of("convention"),
  ];
}

/** Built-in sections in their default display order; volatile ones come last so `stable` is a prefix. */
export const builtinSections: readonly SectionSpec[] = [
  task,
  resume,
  parent,
  blockers,
  steps,
  decisions,
  notes,
  project,
  files,
  compacted,
  staleness,
  warning,
  context,
];

export const sectionNames = builtinSections.map((s) => s.name) as SectionName[];
