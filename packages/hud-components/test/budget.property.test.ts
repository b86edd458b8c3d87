import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { charsTokenizer, makeContextInfo, renderHud, replay, utf8BoundTokenizer, type HudView } from "../src/index.ts";
import { bpeTokenizer } from "../src/o200k.ts";
import { crowdedEventsArb, eventsArb } from "./support/arbitraries.ts";

// Crowded sessions: full sections, so the fitter has to cut at most budgets rather than fit everything.
const viewArb = fc.tuple(crowdedEventsArb(40, 200), eventsArb(20)).map(([s, p]): HudView => ({
  session: replay("session", s),
  project: replay("project", p),
}));

describe("budget fitter (property)", () => {
  // The byte bound is what the plugin counts with until o200k has loaded: its fits must hold by o200k too.
  for (const tokenizer of [bpeTokenizer, utf8BoundTokenizer])
    test(`never over budget by the exact BPE count, fitted with ${tokenizer.name}, at any usage and budget`, () => {
      const outcomes = { cut: 0, whole: 0 };
      fc.assert(
        fc.property(
          viewArb,
          // tight budgets make the fitter cut; roomy ones let whole views through, so both paths run
          fc.oneof(fc.integer({ min: 0, max: 1200 }), fc.integer({ min: 1200, max: 10_000 })),
          fc.double({ min: 0, max: 110, noNaN: true }),
          (view, budget, pct) => {
            const context = makeContextInfo({ usedTokens: Math.round(pct * 2000), usableTokens: 200_000 });
            const budgets = { full: budget, compact: budget, minimal: budget };
            const r = renderHud(view, context, { tokenizer, budgets });
            const real = bpeTokenizer.count(r.markdown);
            expect(tokenizer.count(r.markdown)).toBe(r.tokens);
            expect(real).toBeLessThanOrEqual(budget);
            outcomes[Object.values(r.omitted).some((n) => n > 0) ? "cut" : "whole"]++;
          },
        ),
        { numRuns: 250 },
      );
      // Both sides of the fitter must have run: views it had to cut and views that fitted whole.
      expect(outcomes.cut).toBeGreaterThanOrEqual(50);
      expect(outcomes.whole).toBeGreaterThanOrEqual(25);
    });

  test("never over budget with the chars/4 fallback", () => {
    fc.assert(
      fc.property(viewArb, fc.integer({ min: 0, max: 900 }), (view, budget) => {
        const r = renderHud(view, makeContextInfo({ usedTokens: 10, usableTokens: 100 }), {
          tokenizer: charsTokenizer,
          budgets: { full: budget },
        });
        expect(charsTokenizer.count(r.markdown)).toBeLessThanOrEqual(budget);
      }),
      { numRuns: 150 },
    );
  });

  test("blockers are never dropped while a note is still shown", () => {
    // Random logs rarely leave both blockers and notes under a tight budget, so this view ends with some of
    // each; the run counts the cases where blockers were dropped and fails if too few came up to mean much.
    const crowdedArb = fc
      .tuple(eventsArb(60), fc.array(fc.string({ minLength: 20, maxLength: 120 }), { minLength: 1, maxLength: 4 }))
      .chain(([events, blockers]) =>
        fc
          .array(fc.string({ minLength: 20, maxLength: 120 }), { minLength: 1, maxLength: 12 })
          .map((notes): HudView => ({
            session: replay("session", [
              ...events,
              ...blockers.map((description) => ({ kind: "blocker.add" as const, at: 1, description })),
              ...notes.map((content) => ({ kind: "note.add" as const, at: 1, content })),
            ]),
            project: replay("project", []),
          })),
      );
    let blockersDropped = 0;
    fc.assert(
      fc.property(crowdedArb, fc.integer({ min: 20, max: 400 }), (view, budget) => {
        const r = renderHud(view, makeContextInfo({ usedTokens: 10, usableTokens: 100 }), {
          budgets: { full: budget },
        });
        const blockersHidden = (r.omitted["blockers"] ?? 0) > 0;
        const notesShown = view.session.notes.length - (r.omitted["notes"] ?? 0);
        if (blockersHidden) {
          blockersDropped++;
          expect(notesShown).toBe(0);
        }
      }),
      { numRuns: 250 },
    );
    expect(blockersDropped).toBeGreaterThanOrEqual(50);
  });
});

test("a tokenizer with no additivity promise is re-counted on the final text and still fits", () => {
  // Counts words: joining parts can merge or split words, so part sums are neither exact nor an upper bound.
  const words = { name: "words", count: (text: string) => text.split(/\s+/).filter(Boolean).length };
  fc.assert(
    fc.property(viewArb, fc.integer({ min: 0, max: 400 }), (view, budget) => {
      const r = renderHud(view, makeContextInfo({ usedTokens: 10, usableTokens: 100 }), {
        tokenizer: words,
        budgets: { full: budget },
      });
      expect(r.tokens).toBe(words.count(r.markdown));
      expect(r.tokens).toBeLessThanOrEqual(budget);
    }),
    { numRuns: 100 },
  );
});
