import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { Value } from "@sinclair/typebox/value";
import { defaultCaps, HudEvent, HudState, replay } from "../src/index.ts";
import { eventsArb } from "./support/arbitraries.ts";

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

  test("every reachable state matches the schema and respects caps", () => {
    fc.assert(
      fc.property(eventsArb(150), (events) => {
        const s = replay("session", events);
        expect(Value.Check(HudState, s)).toBe(true);
        expect(s.notes.length).toBeLessThanOrEqual(defaultCaps.notes);
        expect(s.decisions.length).toBeLessThanOrEqual(defaultCaps.decisions);
        expect(s.steps.length).toBeLessThanOrEqual(defaultCaps.steps);
        expect(s.files.length).toBeLessThanOrEqual(defaultCaps.files);
        expect(s.blockers.length).toBeLessThanOrEqual(defaultCaps.blockers);
        const ids = [...s.notes, ...s.decisions, ...s.steps, ...s.blockers, ...s.files].map((i) => i.id);
        expect(new Set(ids).size).toBe(ids.length);
      }),
      { numRuns: 200 },
    );
  });
});
