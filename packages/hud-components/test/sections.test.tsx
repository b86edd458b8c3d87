/** @jsxImportSource @agent-hud/ujsx */
import { describe, expect, test } from "bun:test";
import { h, toMarkdown, type Child } from "@agent-hud/ujsx";
import {
  ActiveFiles,
  Blockers,
  CompactedContext,
  ContextBar,
  DecisionsList,
  defaultStaleness,
  densities,
  NextSteps,
  NotesSection,
  ParentContext,
  ProjectMemory,
  replay,
  ResumeHint,
  Staleness,
  TaskSection,
  WarningBanner,
  type Density,
  type HudView,
} from "../src/index.ts";
import { builtinSections, contextAt, type SectionInput, type SectionParts } from "../src/internal.ts";
import { referenceView, REFERENCE_TIME } from "../src/testing/index.ts";

// A section spec is the fitter's view of its component: with nothing dropped, its parts must read
// exactly like the component a user renders (and copies for their own).

const base = referenceView();
const view: HudView = {
  ...base,
  session: {
    ...base.session,
    turns: base.session.turns + 30,
    compactions: 2,
    compacted: { summary: "Built the lexer.", at: 1 },
  },
  project: replay("project", [
    { kind: "convention.add", at: 1, content: "bun test" },
    { kind: "keyfile.add", at: 1, path: "src/a.ts", note: "entry" },
    { kind: "note.add", at: 1, content: "docker needed" },
    { kind: "decision.record", at: 1, summary: "sqlite" },
    { kind: "step.add", at: 1, description: "ship" },
  ]),
  parent: replay("session", [
    { kind: "task.set", at: 1, description: "parent task" },
    { kind: "decision.record", at: 1, summary: "use WAL" },
  ]),
  resume: { sessionID: "ses_old", task: "finish auth", openSteps: 2 },
};

function component(name: string, input: SectionInput, density: Density): Child {
  const { view: v, context } = input;
  const s = v.session;
  const components: Record<string, () => Child> = {
    task: () => <TaskSection task={s.task} density={density} />,
    resume: () => <ResumeHint resume={v.resume} hasTask={s.task !== undefined} density={density} />,
    parent: () => <ParentContext parent={v.parent} density={density} />,
    blockers: () => <Blockers blockers={s.blockers} density={density} />,
    steps: () => <NextSteps steps={s.steps} todos={s.todos} density={density} />,
    decisions: () => <DecisionsList decisions={s.decisions} density={density} />,
    notes: () => <NotesSection notes={s.notes} density={density} />,
    project: () => <ProjectMemory project={v.project} density={density} />,
    files: () => <ActiveFiles files={s.files} density={density} />,
    compacted: () => <CompactedContext compacted={s.compacted} compactions={s.compactions} density={density} />,
    staleness: () => <Staleness state={s} now={input.now} options={input.staleness} density={density} />,
    warning: () => <WarningBanner context={context} density={density} />,
    context: () => <ContextBar context={context} density={density} />,
  };
  const build = components[name];
  if (!build) throw new Error(`no component mapped for section ${name}`);
  return build();
}

const asTree = (parts: SectionParts | null): Child =>
  parts &&
  h(
    "section",
    {},
    ...parts.head,
    parts.items.length ? h("list", {}, ...parts.items.map((i) => i.render())) : null,
    ...(parts.tail ?? []),
  );

describe("section specs read like their components", () => {
  for (const density of densities) {
    test(`every built-in section at ${density}`, () => {
      const input: SectionInput = {
        view: { ...view, session: { ...view.session, task: density === "minimal" ? undefined : view.session.task } },
        context: contextAt(density === "minimal" ? 95 : density === "compact" ? 75 : 40),
        now: REFERENCE_TIME + 3_600_000,
        staleness: defaultStaleness,
        directory: "",
        compactTool: true,
      };
      let rendered = 0;
      for (const spec of builtinSections) {
        const expected = toMarkdown(component(spec.name, input, density));
        expect({ section: spec.name, md: toMarkdown(asTree(spec.parts(input, density))) }).toEqual({
          section: spec.name,
          md: expected,
        });
        if (expected.trim()) rendered += 1;
      }
      // Most sections show something here, so the comparison is not between empty strings.
      expect(rendered).toBeGreaterThanOrEqual(9);
    });
  }
});
