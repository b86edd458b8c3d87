import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import {
  lazyTokenizer,
  loadBpeTokenizer,
  makeContextInfo,
  renderHud,
  replay,
  utf8BoundTokenizer,
  type HudView,
  type Tokenizer,
} from "../src/index.ts";
import { bpeTokenizer } from "../src/o200k.ts";
import { eventsArb } from "./support/arbitraries.ts";

const viewArb = fc.tuple(eventsArb(120), eventsArb(20)).map(([s, p]): HudView => ({
  session: replay("session", s),
  project: replay("project", p),
}));

describe("utf8 byte bound", () => {
  test("is the UTF-8 length TextEncoder gives, lone surrogates included (property)", () => {
    const encoder = new TextEncoder();
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 100 }), (s) => {
        expect(utf8BoundTokenizer.count(s)).toBe(encoder.encode(s).length);
      }),
      { numRuns: 3000 },
    );
  });

  test("is never below the o200k count of any text, lone surrogates included (property)", () => {
    const text = fc.oneof(
      fc.string({ unit: "binary", maxLength: 200 }),
      fc.string({ unit: "grapheme", maxLength: 200 }),
      fc.string({
        unit: fc.constantFrom(" ", "\n", "a", "é", "😀", "\ud800", "<|endoftext|>", "-", "#"),
        maxLength: 80,
      }),
    );
    fc.assert(
      fc.property(text, (s) => {
        expect(utf8BoundTokenizer.count(s)).toBeGreaterThanOrEqual(bpeTokenizer.count(s));
      }),
      { numRuns: 3000 },
    );
  });
});

describe("lazy tokenizer", () => {
  // The background load goes through a queue the test runs by hand: `scheduled` says whether a render asked
  // for a load, and `flush` runs what was asked, then lets the promise jobs it started settle (the loaders
  // here do no I/O, so every job is a microtask and one macrotask turn sees them all done).
  function harness(loader: () => Promise<Tokenizer>) {
    const queue: Array<() => void> = [];
    const lazy = lazyTokenizer(loader, utf8BoundTokenizer, (fn) => void queue.push(fn));
    return {
      lazy,
      scheduled: () => queue.length,
      async flush() {
        for (let fn = queue.shift(); fn; fn = queue.shift()) fn();
        await new Promise((resolve) => setImmediate(resolve));
      },
    };
  }

  function counting(): { loader: () => Promise<Tokenizer>; calls: () => number } {
    let calls = 0;
    return {
      loader: async () => {
        calls++;
        return bpeTokenizer;
      },
      calls: () => calls,
    };
  }

  test("counts with the bound and loads nothing while renders stay under a quarter of the budget", async () => {
    const { loader, calls } = counting();
    const { lazy, scheduled, flush } = harness(loader);
    expect(lazy.observe(199, 800, { notes: 0 })).toBe(false);
    expect(scheduled()).toBe(0);
    await flush();
    expect(calls()).toBe(0);
    expect(lazy.current).toBe(utf8BoundTokenizer);
    expect(lazy.ready).toBe(false);
    // the same harness does see a load asked for, so the zero above is not a queue nothing reaches
    lazy.observe(201, 800, {});
    expect(scheduled()).toBe(1);
  });

  test("past a quarter of the budget the real tokenizer loads off the call, once; past half or with omissions the render may have cut", async () => {
    for (const [tokens, omitted, cut] of [
      [201, {}, false],
      [401, {}, true],
      [10, { notes: 2 }, true],
    ] as const) {
      const { loader, calls } = counting();
      const { lazy, flush } = harness(loader);
      expect(lazy.observe(tokens, 800, omitted)).toBe(cut);
      expect(lazy.observe(tokens, 800, omitted)).toBe(cut);
      // off the call: nothing loaded until the scheduled work runs
      expect(calls()).toBe(0);
      expect(lazy.ready).toBe(false);
      await flush();
      expect(calls()).toBe(1);
      expect(lazy.current).toBe(bpeTokenizer);
      expect(lazy.ready).toBe(true);
      expect(lazy.observe(tokens, 800, omitted)).toBe(false);
    }
  });

  test("a failed load keeps the bound and is tried again by a later render", async () => {
    let fail = true;
    const { lazy, scheduled, flush } = harness(async () => {
      if (fail) throw new Error("no table");
      return bpeTokenizer;
    });
    lazy.observe(800, 800, {});
    await flush();
    expect(lazy.current).toBe(utf8BoundTokenizer);
    fail = false;
    lazy.observe(800, 800, {});
    expect(scheduled()).toBe(1);
    await flush();
    expect(lazy.current).toBe(bpeTokenizer);
  });

  test("once loaded, renders are the exact o200k renders", async () => {
    const lazy = lazyTokenizer();
    expect(await lazy.load()).toBe(await loadBpeTokenizer());
    fc.assert(
      fc.property(viewArb, fc.integer({ min: 0, max: 900 }), (view, budget) => {
        const context = makeContextInfo({ usedTokens: 10, usableTokens: 100 });
        const budgets = { full: budget };
        const r = renderHud(view, context, { tokenizer: lazy.current, budgets });
        expect(r).toEqual(renderHud(view, context, { tokenizer: bpeTokenizer, budgets }));
      }),
      { numRuns: 60 },
    );
  });
});
