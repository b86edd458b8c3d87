import type { Child } from "@agent-hud/ujsx/core";
import { ActiveFiles } from "../components/ActiveFiles.tsx";
import { Blockers } from "../components/Blockers.tsx";
import { CompactedContext } from "../components/CompactedContext.tsx";
import { ContextBar } from "../components/ContextBar.tsx";
import { DecisionsList } from "../components/DecisionsList.tsx";
import type { ListItemProps } from "../components/ListSection.tsx";
import { NextSteps, stepEntries, type StepItemProps } from "../components/NextSteps.tsx";
import { NotesSection } from "../components/NotesSection.tsx";
import { ParentContext } from "../components/ParentContext.tsx";
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
import type { Density } from "../density/density.ts";
import type { HudState } from "../state/hud-state.ts";
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
      byItem,
    ),
};

/**
 * A section that is one list of session items: what differs is which items, the component, the noun and
 * `hud` operation of its "+N more" line, and how many its one-line minimal form shows by itself.
 */
function listSection<T extends object>(
  name: SectionName,
  priority: number,
  items: (session: HudState) => T[],
  component: (items: T[], density: Density) => Child,
  meta: { noun: string; listOp: string; minimalShows: number },
): SectionSpec {
  const { minimalShows, ...said } = meta;
  return {
    name,
    priority,
    stability: "stable",
    deps: ({ view }) => [items(view.session)],
    parts: ({ view: { session } }, density) => {
      const list = items(session);
      const shown = density === "minimal" ? { shown: minimalShows } : {};
      return treeParts(component(list, density), { ...said, total: list.length, ...shown }, byItem);
    },
  };
}

/** Every list entry component takes the state item it shows as `item`: that is its cache key. */
const byItem = (props: ListItemProps<object>) => props.item;

const blockers = listSection(
  "blockers",
  80,
  (s) => s.blockers,
  (b, density) => Blockers({ blockers: b, density }),
  {
    noun: "blockers",
    listOp: "blockers.list",
    minimalShows: 1,
  },
);

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
      (p: StepItemProps) => p.item.item,
    );
  },
};

const decisions = listSection(
  "decisions",
  60,
  (s) => s.decisions,
  (d, density) => DecisionsList({ decisions: d, density }),
  { noun: "decisions", listOp: "decisions.list", minimalShows: 0 },
);

const notes = listSection(
  "notes",
  40,
  (s) => s.notes,
  (n, density) => NotesSection({ notes: n, density }),
  {
    noun: "notes",
    listOp: "notes.list",
    minimalShows: 0,
  },
);

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

const files = listSection(
  "files",
  30,
  (s) => s.files,
  (f, density) => ActiveFiles({ files: f, density }),
  {
    noun: "files",
    listOp: "files.list",
    minimalShows: 0,
  },
);

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
