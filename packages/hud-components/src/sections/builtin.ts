import type { Component } from "@agent-hud/ujsx/core";
import { ActiveFiles } from "../components/ActiveFiles.tsx";
import { Blockers } from "../components/Blockers.tsx";
import { CompactedContext } from "../components/CompactedContext.tsx";
import { ContextBar } from "../components/ContextBar.tsx";
import { DecisionsList } from "../components/DecisionsList.tsx";
import type { ListItemProps } from "../components/ListSection.tsx";
import { NextSteps, stepEntries, type StepEntry } from "../components/NextSteps.tsx";
import { NotesSection } from "../components/NotesSection.tsx";
import { ParentContext } from "../components/ParentContext.tsx";
import { memoryEntries, ProjectMemory, type MemoryEntry } from "../components/ProjectMemory.tsx";
import { ResumeHint } from "../components/ResumeHint.tsx";
import { Staleness } from "../components/Staleness.tsx";
import { TaskSection } from "../components/TaskSection.tsx";
import { WarningBanner } from "../components/WarningBanner.tsx";
import type { Density } from "../density/density.ts";
import type { HudState } from "../state/hud-state.ts";
import type { SectionInput, SectionName, SectionSpec, Stability } from "./section-spec.ts";
import { treeParts, type PartsMeta } from "./tree-parts.ts";

// What the budget fitter knows about each built-in section is one row of the table at the end of this file:
// how much it matters (higher survives longer), whether it belongs to the byte-stable prefix, its component
// and the `hud` operation that lists everything it may leave out. Above the table, each section's feed: the
// props its component gets, what its "+N more" line counts, and which state it reads (unchanged by identity
// = reuse the serialised section). What a section looks like is its component's business.

/** How a section's component is fed from the render's input. */
type Feed<P> = {
  props(input: SectionInput, density: Density): P;
  /** The count behind the section and, for lists, which entries go first. */
  count(input: SectionInput, density: Density): Omit<PartsMeta, "listOp">;
  deps?(input: SectionInput): readonly unknown[];
  /** The state object a list entry shows: its cache key (default: the entry's `item`). */
  key?(props: ListItemProps<never>): object;
};

const one = (noun: string, present = true) => ({ noun, total: present ? 1 : 0 });

const task: Feed<Parameters<typeof TaskSection>[0]> = {
  props: ({ view }, density) => ({ task: view.session.task, density }),
  count: ({ view }) => one("task", view.session.task !== undefined),
  deps: ({ view }) => [view.session.task],
};

const resume: Feed<Parameters<typeof ResumeHint>[0]> = {
  props: ({ view }, density) => ({ resume: view.resume, hasTask: view.session.task !== undefined, density }),
  count: () => one("resume hint"),
  deps: ({ view }) => [view.resume?.sessionID, view.resume?.task, view.resume?.openSteps, !view.session.task],
};

const parent: Feed<Parameters<typeof ParentContext>[0]> = {
  props: ({ view }, density) => ({ parent: view.parent, density }),
  count: ({ view }) => ({ noun: "parent decisions", total: view.parent?.decisions.length ?? 0 }),
  deps: ({ view }) => [view.parent?.task, view.parent?.decisions],
};

type SessionList = "blockers" | "decisions" | "notes" | "files";

/**
 * A section that is one list of session items, named like the state field it shows; its one-line minimal
 * form shows `minimalShows` of them by itself.
 */
function sessionList<K extends SessionList>(
  field: K,
  minimalShows: number,
): Feed<{ [F in K]: HudState[K] } & { density: Density }> {
  return {
    props: ({ view }, density) =>
      ({ [field]: view.session[field], density }) as { [F in K]: HudState[K] } & { density: Density },
    count: ({ view }, density) => ({
      noun: field,
      total: view.session[field].length,
      ...(density === "minimal" ? { shown: minimalShows } : {}),
    }),
    deps: ({ view }) => [view.session[field]],
  };
}

const steps: Feed<Parameters<typeof NextSteps>[0]> = {
  props: ({ view }, density) => ({ steps: view.session.steps, todos: view.session.todos, density }),
  count: ({ view: { session } }, density) => {
    const entries = stepEntries(session.steps, session.todos, density);
    // Finished entries go first, then the furthest-out ones: the next step is the last thing to drop.
    const at = entries.map((_, i) => i);
    const dropOrder = [...at.filter((i) => entries[i]?.done), ...at.filter((i) => !entries[i]?.done).reverse()];
    return { noun: "steps", total: entries.length, ...(density === "minimal" ? { shown: 1 } : { dropOrder }) };
  },
  deps: ({ view }) => [view.session.steps, view.session.todos],
  key: (props) => (props.item as StepEntry).item,
};

const project: Feed<Parameters<typeof ProjectMemory>[0]> = {
  props: ({ view }, density) => ({ project: view.project, density }),
  count: ({ view: { project: p } }, density) => {
    if (density === "minimal") {
      const total = p.conventions.length + p.keyfiles.length + p.notes.length + p.decisions.length + p.steps.length;
      return { noun: "project items", total, shown: 0 };
    }
    const entries = memoryEntries(p, density);
    return { noun: "project items", total: entries.length, dropOrder: memoryDropOrder(entries) };
  },
  deps: ({ view: { project: p } }) => [p.conventions, p.keyfiles, p.notes, p.decisions, p.steps, p.memoryFile],
  key: (props) => (props.item as MemoryEntry).item,
};

const compacted: Feed<Parameters<typeof CompactedContext>[0]> = {
  props: ({ view: { session: s } }, density) => ({ compacted: s.compacted, compactions: s.compactions, density }),
  count: ({ view: { session: s } }, density) => ({
    noun: "compaction summary",
    total: s.compacted ? 1 : 0,
    ...(density === "minimal" || !s.compacted ? { shown: 0 } : {}),
  }),
  deps: ({ view }) => [view.session.compacted, view.session.compactions],
};

const staleness: Feed<Parameters<typeof Staleness>[0]> = {
  props: ({ view, now, staleness: options }, density) => ({ state: view.session, now, options, density }),
  count: () => one("staleness"),
};

const usage = (noun: string): Feed<Parameters<typeof ContextBar>[0]> => ({
  props: ({ context }, density) => ({ context, density }),
  count: () => one(noun),
});

const warning: Feed<Parameters<typeof WarningBanner>[0]> = {
  props: ({ context, compactTool }, density) => ({ context, density, compactTool }),
  count: () => one("warning"),
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

/** Every list entry component takes the state item it shows as `item`: that is its cache key. */
const byItem = (props: ListItemProps<never>): object => props.item;

function section<P>(
  name: SectionName,
  priority: number,
  stability: Stability,
  component: Component<P>,
  listOp: string,
  feed: Feed<P>,
): SectionSpec {
  const { props, count, deps, key = byItem } = feed;
  return {
    name,
    priority,
    stability,
    ...(deps ? { deps } : {}),
    parts: (input, density) =>
      treeParts(
        component(props(input, density) as P & { children?: never }),
        { listOp, ...count(input, density) },
        key,
      ),
  };
}

/** Built-in sections in their default display order; volatile ones come last so `stable` is a prefix. */
// prettier-ignore
export const builtinSections: readonly SectionSpec[] = [
  //       name         priority  stability   component         operation         feed
  section("task",       90,       "stable",   TaskSection,      "task.get",       task),
  section("resume",     85,       "stable",   ResumeHint,       "resume",         resume),
  section("parent",     65,       "stable",   ParentContext,    "snapshot",       parent),
  section("blockers",   80,       "stable",   Blockers,         "blockers.list",  sessionList("blockers", 1)),
  section("steps",      70,       "stable",   NextSteps,        "steps.list",     steps),
  section("decisions",  60,       "stable",   DecisionsList,    "decisions.list", sessionList("decisions", 0)),
  section("notes",      40,       "stable",   NotesSection,     "notes.list",     sessionList("notes", 0)),
  section("project",    45,       "stable",   ProjectMemory,    "project.list",   project),
  section("files",      30,       "stable",   ActiveFiles,      "files.list",     sessionList("files", 0)),
  section("compacted",  50,       "stable",   CompactedContext, "snapshot",       compacted),
  section("staleness",  60,       "volatile", Staleness,        "snapshot",       staleness),
  section("warning",    100,      "volatile", WarningBanner,    "snapshot",       warning),
  section("context",    95,       "volatile", ContextBar,       "snapshot",       usage("context")),
];

export const sectionNames = builtinSections.map((s) => s.name) as SectionName[];
