import { describe, expect, test } from "bun:test";
import { hostile } from "./hostile-sources.ts";
import { expected } from "./red-team-expected.ts";
import { outcomeOf } from "./support.ts";

describe("red team: hostile component sources", () => {
  test("at least 50 sources, each with its expected outcome", () => {
    expect(hostile.length).toBeGreaterThanOrEqual(50);
    expect(Object.keys(expected).sort()).toEqual(hostile.map(([label]) => label).sort());
  });

  // A source expected to run out of time meets the real 20 ms limit. Every other one gets a limit it never
  // nears, so that its outcome does not depend on the machine's load: a memory bomb checks the clock only
  // every ~10k steps and may take 60 ms to run out of memory, which a loaded machine would turn into a
  // time-out (the bench measures the real cut-off).
  const RELAXED_MS = 5_000;
  for (const [label, source] of hostile)
    test(label, async () => {
      const timesOut = expected[label]!.startsWith("failed: took longer than");
      expect(await outcomeOf(source, undefined, "full", timesOut ? undefined : RELAXED_MS)).toBe(expected[label]!);
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
