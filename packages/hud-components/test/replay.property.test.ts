import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { Value } from "@sinclair/typebox/value";
import { defaultCaps, HudEvent, HudState, replay } from "../src/index.ts";
import { crowdedEventsArb, eventsArb } from "./support/arbitraries.ts";

// Replay against the log a real store read back, and streams folding independently, are checked where the
// store lives: hud-plugin/test/runtime/replay.property.test.ts.
describe("replay (property)", () => {
  test("the same log always folds to the same state, and events are valid HudEvents", () => {
    fc.assert(
      fc.property(eventsArb(), fc.constantFrom("session" as const, "project" as const), (events, scope) => {
        for (const e of events) expect(Value.Check(HudEvent, e)).toBe(true);
        const a = replay(scope, events);
        const b = replay(scope, structuredClone(events));
        expect(b).toEqual(a);
        expect(JSON.parse(JSON.stringify(a))).toEqual(a);
      }),
      { numRuns: 300 },
    );
  });

  const capped = ["notes", "decisions", "steps", "files", "blockers", "conventions", "keyfiles"] as const;
  type Replay = (events: readonly HudEvent[]) => HudState;

  /** The property, over whichever replay it is given; `reached` counts the runs where each cap was hit. */
  function capsHold(fold: Replay, reached: Record<string, number>) {
    return fc.property(crowdedEventsArb(), (events) => {
      const s = fold(events);
      expect(Value.Check(HudState, s)).toBe(true);
      for (const section of capped) {
        expect(s[section].length).toBeLessThanOrEqual(defaultCaps[section]);
        if (s[section].length === defaultCaps[section]) reached[section] = (reached[section] ?? 0) + 1;
      }
      const ids = capped.flatMap((section) => s[section].map((i) => i.id));
      expect(new Set(ids).size).toBe(ids.length);
    });
  }

  test("every reachable state matches the schema and respects caps, and every cap is reached", () => {
    const reached: Record<string, number> = {};
    fc.assert(
      capsHold((events) => replay("session", events), reached),
      { numRuns: 200 },
    );
    // A cap the generator never fills proves nothing: each one must have been hit in a good share of runs.
    const rare = capped.filter((section) => (reached[section] ?? 0) < 20);
    expect(rare).toEqual([]);
  });

  test("the same property fails when the cap is broken (the generator reaches past every cap)", () => {
    // The stand-in for `capFifo` returning its input unchanged: caps so large they never cut.
    const uncapped = Object.fromEntries(capped.map((section) => [section, Number.MAX_SAFE_INTEGER]));
    for (const section of capped) {
      const broken: Replay = (events) => replay("session", events, { caps: { [section]: uncapped[section] } });
      const result = fc.check(capsHold(broken, {}), { numRuns: 200, seed: 7, endOnFailure: true });
      expect({ section, failed: result.failed }).toEqual({ section, failed: true });
    }
  });
});
