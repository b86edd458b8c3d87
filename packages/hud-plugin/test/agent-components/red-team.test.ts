import { describe, expect, test } from "bun:test";
import { hostile } from "./hostile-sources.ts";
import { expected } from "./red-team-expected.ts";
import { outcomeOf } from "./support.ts";

describe("red team: hostile component sources", () => {
  test("at least 50 sources, each with its expected outcome", () => {
    expect(hostile.length).toBeGreaterThanOrEqual(50);
    expect(Object.keys(expected).sort()).toEqual(hostile.map(([label]) => label).sort());
  });

  for (const [label, source] of hostile)
    test(label, async () => {
      expect(await outcomeOf(source)).toBe(expected[label]!);
    });

  test("afterwards the host is untouched: no prototype polluted, its own globals intact", () => {
    const probe = {} as Record<string, unknown>;
    expect([probe["type"], probe["children"], probe["polluted"], probe["props"]]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(JSON.stringify({ a: 1 })).toBe('{"a":1}');
    expect(Object.keys({ a: 1 })).toEqual(["a"]);
    expect(typeof process.exit).toBe("function");
  });
});
