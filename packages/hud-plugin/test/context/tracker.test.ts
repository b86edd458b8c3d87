import { describe, expect, test } from "bun:test";
import { usageOfTokens } from "../../src/host/opencode/usage.ts";
import { ContextTracker, limitsOf, ModelLimitsBook, usableTokens } from "../../src/context/index.ts";

const tokens = (input: number, output = 0, cacheRead = 0, cacheWrite = 0) => ({ input, output, cacheRead, cacheWrite });

describe("usableTokens", () => {
  test("context minus the output reserve, capped at 32k", () => {
    expect(usableTokens({ context: 200_000, output: 8_000 })).toBe(192_000);
    expect(usableTokens({ context: 1_000_000, output: 128_000 })).toBe(968_000);
    expect(usableTokens({ context: 200_000, output: 0 })).toBe(168_000);
  });
  test("an input limit keeps a buffer of min(20k, output)", () => {
    expect(usableTokens({ context: 400_000, input: 272_000, output: 128_000 })).toBe(252_000);
    expect(usableTokens({ context: 400_000, input: 272_000, output: 8_000 })).toBe(264_000);
    expect(usableTokens({ context: 400_000, input: 272_000, output: 8_000 }, 50_000)).toBe(222_000);
  });
  test("limitsOf reads the hook's model and ignores models without a context size", () => {
    expect(limitsOf({ limit: { context: 200_000, output: 8_000 } })).toEqual({ context: 200_000, output: 8_000 });
    expect(limitsOf({ limit: { context: 0, output: 0 } })).toBeUndefined();
    expect(limitsOf(undefined)).toBeUndefined();
  });
});

describe("ContextTracker", () => {
  test("percent of usable context from input + cache + output of the latest call", () => {
    const tracker = new ContextTracker();
    tracker.setLimits({ context: 200_000, output: 8_000 });
    tracker.record("m1", tokens(90_000, 1_000, 40_000, 13_000), 1);
    const usage = tracker.usage();
    expect(usage.usedTokens).toBe(144_000);
    expect(usage.usableTokens).toBe(192_000);
    expect(usage.percent).toBeCloseTo(75, 5);
  });

  test("history holds the calls before the latest (makeContextInfo appends the current one); reports update in place", () => {
    const tracker = new ContextTracker();
    tracker.setLimits({ context: 110_000, output: 10_000 });
    for (let i = 1; i <= 7; i++) tracker.record(`m${i}`, tokens(i * 10_000), i);
    tracker.record("m7", tokens(75_000), 7);
    expect(tracker.usage().history).toEqual([30, 40, 50, 60]);
    expect(tracker.usage().percent).toBeCloseTo(75, 5);
  });

  test("zero-token reports and calls from before a reset are ignored", () => {
    const tracker = new ContextTracker();
    tracker.setLimits({ context: 110_000, output: 10_000 });
    tracker.record("a", tokens(0), 5);
    expect(tracker.usage().usedTokens).toBe(0);
    tracker.record("b", tokens(90_000), 10);
    tracker.reset(20);
    tracker.record("b", tokens(90_000), 10);
    expect(tracker.usage().percent).toBe(0);
    tracker.record("c", tokens(5_000), 30);
    expect(tracker.usage().percent).toBeCloseTo(5, 5);
  });

  test("a late report of an older call does not replace the latest", () => {
    const tracker = new ContextTracker();
    tracker.setLimits({ context: 110_000, output: 10_000 });
    tracker.record("new", tokens(50_000), 20);
    tracker.record("old", tokens(20_000), 10);
    expect(tracker.usage().usedTokens).toBe(50_000);
  });

  test("an opencode report with cache: null or missing counts still counts what it has (through usageOfTokens); non-numbers count as 0", () => {
    const tracker = new ContextTracker();
    tracker.setLimits({ context: 200_000, output: 8_000 });
    const partial = (t: unknown) => usageOfTokens(t);
    tracker.record("a", partial({ input: 96_000, output: 0, cache: null }), 1);
    expect(tracker.usage().usedTokens).toBe(96_000);
    tracker.record("b", partial({ input: 100_000, cache: { read: 44_000 } }), 2);
    expect(tracker.usage().usedTokens).toBe(144_000);
    tracker.record("c", partial({ input: 120_000, output: "12", cache: { read: Number.NaN, write: -5 } }), 3);
    expect(tracker.usage().usedTokens).toBe(120_000);
    expect(tracker.usage().history).toEqual([50, 75]);
    tracker.record("d", partial({}), 4);
    tracker.record("e", partial(null), 5);
    expect(tracker.usage().usedTokens).toBe(120_000);
  });

  test("without limits usage is 0% rather than a guess", () => {
    const tracker = new ContextTracker();
    tracker.record("a", tokens(50_000), 1);
    expect(tracker.usage().percent).toBe(0);
    expect(tracker.hasLimits).toBe(false);
  });
});
