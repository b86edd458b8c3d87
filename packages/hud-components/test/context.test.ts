import { describe, expect, test } from "bun:test";
import { densityFor, makeContextInfo } from "../src/index.ts";

describe("density and context info", () => {
  test("full < 70 <= compact < 85 <= minimal, thresholds configurable", () => {
    expect([0, 69.9, 70, 84.9, 85, 100].map((p) => densityFor(p))).toEqual([
      "full",
      "full",
      "compact",
      "compact",
      "minimal",
      "minimal",
    ]);
    expect(densityFor(60, { compact: 50, minimal: 80 })).toBe("compact");
    expect(() => densityFor(10, { compact: 90, minimal: 80 })).toThrow(/compact <= minimal <= critical/);
  });

  test("percent of usable context, trend of the last five, critical at 92", () => {
    const c = makeContextInfo({ usedTokens: 184_000, usableTokens: 200_000, history: [50, 60, 70, 80, 85, 90] });
    expect(c.percent).toBe(92);
    expect(c.trend).toEqual([70, 80, 85, 90, 92]);
    expect(c.density).toBe("minimal");
    expect(c.critical).toBe(true);
    expect(makeContextInfo({ usedTokens: 183_000, usableTokens: 200_000 }).critical).toBe(false);
    expect(
      makeContextInfo({ usedTokens: 150_000, usableTokens: 200_000 }, { critical: 75, minimal: 75 }).critical,
    ).toBe(true);
  });

  test("garbage usage does not produce NaN", () => {
    const c = makeContextInfo({ usedTokens: Number.NaN, usableTokens: 0, history: [Number.NaN, 5] });
    expect(c.percent).toBe(0);
    expect(c.trend).toEqual([5, 0]);
  });
});
