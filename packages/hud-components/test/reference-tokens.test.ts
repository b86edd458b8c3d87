import { expect, test } from "bun:test";
import { defaultBudgets, renderHud } from "../src/index.ts";
import { contextAt } from "../src/internal.ts";
import { bpeTokenizer } from "../src/o200k.ts";
import { referenceView } from "../src/testing/index.ts";

test("reference state (10 decisions, 20 notes, 15 files, 10 steps, 3 blockers) fits the default budgets", () => {
  const view = referenceView();
  const s = view.session;
  expect([s.decisions.length, s.notes.length, s.files.length, s.steps.length, s.blockers.length]).toEqual([
    10, 20, 15, 10, 3,
  ]);
  const measured = {
    full: bpeTokenizer.count(renderHud(view, contextAt(30)).markdown),
    compact: bpeTokenizer.count(renderHud(view, contextAt(75)).markdown),
    minimal: bpeTokenizer.count(renderHud(view, contextAt(95)).markdown),
  };
  expect(defaultBudgets).toEqual({ full: 800, compact: 250, minimal: 80 });
  expect(measured.full).toBeLessThanOrEqual(800);
  expect(measured.compact).toBeLessThanOrEqual(250);
  expect(measured.minimal).toBeLessThanOrEqual(80);
  // The budgets bind: without them the reference state is well over the full budget.
  expect(bpeTokenizer.count(renderHud(view, contextAt(30), { budgets: { full: 100_000 } }).markdown)).toBeGreaterThan(
    800,
  );
  // Blockers and the task survive every density.
  for (const md of [30, 75, 95].map((p) => renderHud(view, contextAt(p)).markdown)) {
    expect(md).toContain("Implement JWT auth");
    expect(md).toContain("b3");
  }
});
