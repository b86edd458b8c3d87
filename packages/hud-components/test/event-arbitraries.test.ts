import { expect, test } from "bun:test";
import fc from "fast-check";
import { Value } from "@sinclair/typebox/value";
import { HudEvent } from "../src/index.ts";
import { eventKinds } from "../src/internal.ts";
import { eventArb } from "./support/arbitraries.ts";

// The property tests are only as good as the events they see: a kind never generated is a kind never tested.
test("the event generator produces every kind in eventKinds, each a valid HudEvent", () => {
  const seen = new Map<string, number>();
  for (const e of fc.sample(eventArb, { numRuns: 3000, seed: 1 })) {
    expect(Value.Errors(HudEvent, e).First()?.message).toBeUndefined();
    seen.set(e.kind, (seen.get(e.kind) ?? 0) + 1);
  }
  const missing = eventKinds.filter((k) => !seen.has(k));
  expect(missing).toEqual([]);
  expect([...seen.keys()].filter((k) => !(eventKinds as string[]).includes(k))).toEqual([]);
});
