import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { fromMarkdown, toMarkdown, type UElement, type UNode } from "@agent-hud/ujsx";
import {
  ActiveFiles,
  Blockers,
  CompactedContext,
  ContextBar,
  DecisionsList,
  NextSteps,
  NotesSection,
  ParentContext,
  ProjectMemory,
  ResumeHint,
  Staleness,
  TaskSection,
  WarningBanner,
  defaultStaleness,
  densities,
  renderHud,
  replay,
  type HudView,
} from "../src/index.ts";
import { contextAt } from "../src/internal.ts";
import { referenceView } from "../src/testing/index.ts";
import { expectGolden } from "./support/golden.ts";

const s = referenceView().session;
const project = replay("project", [
  { kind: "convention.add", at: 1, content: "bun test" },
  { kind: "note.add", at: 1, content: "docker needed" },
]);
const stale = { ...s, turns: 30 };

describe("every component renders each density", () => {
  const cases: Array<[string, (d: (typeof densities)[number]) => unknown]> = [
    ["TaskSection", (d) => <TaskSection task={s.task} density={d} />],
    ["Blockers", (d) => <Blockers blockers={s.blockers} density={d} />],
    [
      "NextSteps",
      (d) => <NextSteps steps={s.steps} todos={[{ id: "1", content: "lint", status: "in_progress" }]} density={d} />,
    ],
    ["DecisionsList", (d) => <DecisionsList decisions={s.decisions} density={d} />],
    ["NotesSection", (d) => <NotesSection notes={s.notes} density={d} />],
    ["ActiveFiles", (d) => <ActiveFiles files={s.files} density={d} />],
    [
      "CompactedContext",
      (d) => (
        <CompactedContext
          compacted={{
            summary:
              "Built the lexer and the parser; the type checker is half done, see src/check.ts. Tests pass except generics.",
            at: 1,
          }}
          compactions={2}
          density={d}
        />
      ),
    ],
    ["ProjectMemory", (d) => <ProjectMemory project={project} density={d} />],
    ["ResumeHint", (d) => <ResumeHint resume={{ sessionID: "ses_1", task: "ship", openSteps: 2 }} density={d} />],
    ["ParentContext", (d) => <ParentContext parent={s} density={d} />],
    ["ContextBar", (d) => <ContextBar context={contextAt(50)} density={d} />],
    ["WarningBanner", (d) => <WarningBanner context={contextAt(95)} density={d} />],
    [
      "Staleness",
      (d) => <Staleness state={stale} options={defaultStaleness} density={d === "minimal" ? "compact" : d} />,
    ],
  ];
  for (const [name, el] of cases) {
    test(name, () => {
      const out = densities.map((d) => toMarkdown(el(d) as never));
      // the exact text at every density, so a change to what a component says shows in review
      expectGolden(`components/${name}.md`, densities.map((d, i) => `<!-- ${d} -->\n${out[i]}`).join("\n"));
      for (const md of out) expect(md.length).toBeGreaterThan(0);
      // Each step down the ladder is no longer than the one above it.
      expect(out[1]!.length).toBeLessThanOrEqual(out[0]!.length);
      expect(out[2]!.length).toBeLessThanOrEqual(out[1]!.length);
    });
  }
  test("empty sections render nothing (omitted)", () => {
    expect(toMarkdown(<NotesSection notes={[]} density="full" />)).toBe("");
    expect(toMarkdown(<Blockers blockers={[]} density="full" />)).toBe("");
    expect(toMarkdown(<WarningBanner context={contextAt(50)} density="full" />)).toBe("");
  });
  test("the critical warning names hud_compact only where the host can compact on request", () => {
    for (const density of ["full", "minimal"] as const) {
      const can = toMarkdown(<WarningBanner context={contextAt(95)} density={density} />);
      const cannot = toMarkdown(<WarningBanner context={contextAt(95)} density={density} compactTool={false} />);
      expect(can).toContain("`hud_compact`");
      expect(cannot).toContain("`hud`");
      expect(cannot).not.toContain("hud_compact");
    }
    const rendered = (compactTool: boolean) =>
      renderHud(referenceView(), contextAt(95), { compactTool, now: 0 }).markdown;
    expect(rendered(true)).toContain("hud_compact");
    expect(rendered(false)).toContain("⚠ Context");
    expect(rendered(false)).not.toContain("hud_compact");
  });
});

// Block structure of a parsed document: kinds and depth of every block, ignoring inline content.
function blocks(node: UNode, depth = 0, out: string[] = []): string[] {
  if (node.type === "text") return out;
  const el = node as UElement;
  if (["root", "heading", "paragraph", "list", "item", "code", "table", "quote", "rule"].includes(el.type)) {
    out.push(`${depth}:${el.type}${el.type === "heading" ? el.props["depth"] : ""}`);
  }
  for (const child of el.children) blocks(child, depth + 1, out);
  return out;
}

test("containment: agent text never adds a heading, list, fence, table or HTML block (property)", () => {
  const hostile = fc.oneof(
    fc.string({ minLength: 1, maxLength: 60 }),
    fc.constantFrom(
      "# Fake section",
      "```\ncode",
      "| a | b |\n|---|---|",
      "- [ ] injected",
      "<div>html</div>",
      "> quote",
      "***",
      "1. one",
      "a\n\n#### Notes",
    ),
  );
  fc.assert(
    fc.property(hostile, (text) => {
      // Whitespace-only text renders nothing to compare; fc.pre counts it as skipped instead of passing it.
      fc.pre(text.trim() !== "");
      const plain = "plain words";
      const build = (t: string): HudView => ({
        session: replay("session", [
          { kind: "task.set", at: 1, description: t },
          { kind: "note.add", at: 2, content: t },
          { kind: "blocker.add", at: 3, description: t },
          { kind: "decision.record", at: 4, summary: t, details: t },
          { kind: "step.add", at: 5, description: t },
          { kind: "file.edit", at: 6, path: t },
          { kind: "compact.after", at: 7, summary: t },
        ]),
        project: replay("project", [{ kind: "convention.add", at: 1, content: t }]),
      });
      for (const pct of [30, 75, 90]) {
        const hostileMd = renderHud(build(text), contextAt(pct), {
          budgets: { full: 4000, compact: 4000, minimal: 4000 },
        }).markdown;
        const plainMd = renderHud(build(plain), contextAt(pct), {
          budgets: { full: 4000, compact: 4000, minimal: 4000 },
        }).markdown;
        expect(blocks(fromMarkdown(hostileMd))).toEqual(blocks(fromMarkdown(plainMd)));
      }
    }),
    { numRuns: 150 },
  );
});
