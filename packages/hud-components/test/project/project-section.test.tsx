import { describe, expect, test } from "bun:test";
import {
  defaultBudgets,
  densities,
  emptyState,
  ProjectMemory,
  renderHud,
  replay,
  ResumeHint,
  type HudEvent,
  type HudView,
} from "../../src/index.ts";
import { contextAt } from "../../src/internal.ts";
import { bpeTokenizer } from "../../src/o200k.ts";
import { referenceView, renderAllDensities, usageFor } from "../../src/testing/index.ts";

const projectEvents: HudEvent[] = [
  { kind: "convention.add", at: 1, content: "every SQL migration is reversible" },
  { kind: "convention.add", at: 2, content: "tests use bun test, never jest" },
  { kind: "keyfile.add", at: 3, path: "src/db/migrate.ts", note: "runs and reverts migrations" },
  { kind: "decision.record", at: 4, summary: "Postgres 16 everywhere, including CI" },
  { kind: "note.add", at: 5, content: "the staging database is read-only on Fridays" },
  { kind: "step.add", at: 6, description: "drop the legacy sessions table" },
];
const project = replay("project", projectEvents);
const PROJECT_TEXT = [
  "c1 convention: every SQL migration is reversible",
  "c2 convention: tests use bun test, never jest",
  "k1 key file: `src/db/migrate.ts` — runs and reverts migrations",
  "pd1 decision: Postgres 16 everywhere, including CI",
  "pn1 note: the staging database is read-only on Fridays",
  "ps1: drop the legacy sessions table",
];

describe("ProjectMemory section", () => {
  test("its own section at every density: every item with its id when there is room, a count with the list op at minimal", () => {
    const md = renderAllDensities({ session: emptyState("session"), project });
    for (const density of ["full", "compact"] as const) {
      const section = md[density].slice(md[density].indexOf("#### Project memory"));
      for (const line of PROJECT_TEXT) expect(section).toContain(line);
    }
    expect(md.minimal).toContain("**Project** 6 items (3 conventions/key files) — `hud project.list`");
  });

  test("the component alone renders nothing for an empty project and stays short when dense", () => {
    const alone = renderAllDensities(<ProjectMemory project={project} density="full" />);
    expect(alone.full).toContain("#### Project memory");
    expect(renderAllDensities(<ProjectMemory project={emptyState("project")} density="full" />).full.trim()).toBe("");
    expect(
      renderAllDensities(<ProjectMemory project={project} density="minimal" />)
        .full.split("\n")
        .filter(Boolean),
    ).toHaveLength(1);
  });

  test("fitted by the same budget as the rest: within budget at every density next to a full session, never silently dropped", () => {
    const view: HudView = { ...referenceView(), project };
    for (const density of densities) {
      const result = renderHud(view, contextAt(usageFor[density]));
      expect(result.density).toBe(density);
      expect(result.tokens).toBeLessThanOrEqual(defaultBudgets[density]);
      expect(result.tokens).toBe(bpeTokenizer.count(result.markdown));
      const shown = PROJECT_TEXT.filter((line) => result.markdown.includes(line)).length;
      // whatever does not fit is counted and pointed at, so the agent knows project memory exists
      expect(shown + (result.omitted["project"] ?? 0)).toBe(PROJECT_TEXT.length);
      if (shown < PROJECT_TEXT.length) expect(result.markdown).toMatch(/project items/);
    }
  });

  test("under pressure, the open plan, key files and conventions stay longest; notes go oldest first", () => {
    const many: HudEvent[] = [
      ...projectEvents,
      { kind: "step.add", at: 7, description: "archive the old dumps" },
      { kind: "step.complete", at: 8, id: "ps2" },
    ];
    for (let i = 0; i < 15; i++)
      many.push({ kind: "note.add", at: 10 + i, content: `project finding number ${i + 1} about the importer` });
    const view: HudView = { session: emptyState("session"), project: replay("project", many) };
    const result = renderHud(view, contextAt(30), { budgets: { full: 220 } });
    expect(result.tokens).toBeLessThanOrEqual(220);
    expect(result.omitted["project"]).toBeGreaterThan(0);
    expect(result.markdown).toContain(`+${result.omitted["project"]} more project items — \`hud project.list\``);
    for (const kept of [...PROJECT_TEXT.slice(0, 3), PROJECT_TEXT[5]!]) expect(result.markdown).toContain(kept);
    expect(result.markdown).not.toContain("archive the old dumps");
    // the project notes that remain are the newest ones
    const shownNotes = [...result.markdown.matchAll(/project finding number (\d+)/g)].map((m) => Number(m[1]));
    expect(shownNotes.length).toBeGreaterThan(0);
    expect(shownNotes).toContain(15);
    expect(result.markdown).not.toContain("read-only on Fridays");
  });
});

describe("ResumeHint section", () => {
  const resume = { sessionID: "ses_prev", task: "finish the importer", openSteps: 2 };

  test("one line at every density naming the task, the open steps and the resume op", () => {
    const md = renderAllDensities({ session: emptyState("session"), project: emptyState("project"), resume });
    for (const density of densities) {
      const lines = md[density].split("\n").filter((line) => line.startsWith("**Resume**"));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('"finish the importer"');
      expect(lines[0]).toContain("2 open steps");
      expect(lines[0]).toContain("`hud resume`");
    }
  });

  test("gone once the session has a task of its own; absent when nothing was left open", () => {
    const withTask = replay("session", [{ kind: "task.set", at: 1, description: "something new" }]);
    const md = renderHud({ session: withTask, project: emptyState("project"), resume }, contextAt(30)).markdown;
    expect(md).not.toContain("**Resume**");
    expect(
      renderAllDensities(<ResumeHint resume={{ sessionID: "x", openSteps: 0 }} density="full" />).full.trim(),
    ).toBe("");
    expect(renderAllDensities(<ResumeHint resume={{ sessionID: "x", openSteps: 1 }} density="full" />).full).toContain(
      "no task with 1 open step;",
    );
  });
});
