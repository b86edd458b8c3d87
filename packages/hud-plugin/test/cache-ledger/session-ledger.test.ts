import { describe, expect, test } from "bun:test";
import { pricesOf, SessionLedger } from "../../src/cache-ledger/index.ts";
import { usageOfTokens } from "../../src/host/opencode/usage.ts";
import { assistant, conversation, evidence, PREAMBLE, text, user } from "./requests.ts";

const SYSTEM = ["You are opencode.", PREAMBLE];
// each call writes a little to the cache: a provider that reports caching (one that never does is not judged)
const usage = (input: number, cacheRead: number) => ({ input, cacheRead, cacheWrite: 100, output: 10 });

describe("SessionLedger", () => {
  test("pairs each answer with its request, oldest first, and names a bust with its cause", () => {
    const ledger = new SessionLedger({ lifetimeSeconds: 300 });
    ledger.observe(evidence(0, ["a", ...SYSTEM], conversation));
    ledger.observe(evidence(1_000, ["b", ...SYSTEM], [...conversation, assistant("m4", text("ok")), user("m5", "go")]));
    const first = ledger.record("msg_a", 500, usage(2_000, 0));
    const second = ledger.record("msg_b", 1_500, usage(2_050, 20));
    expect(first).toMatchObject({ call: 1, id: "msg_a" });
    expect(first.bust).toBeUndefined();
    expect(second.call).toBe(2);
    expect(second.bust).toMatchObject({ cause: "system", byAgentHud: false });
    expect(ledger.summary()).toMatchObject({ calls: 2, busts: 1, cacheRead: 20, input: 4_050 });
  });

  test("a failed call's request is dropped, so the next answer meets its own", () => {
    const ledger = new SessionLedger({ lifetimeSeconds: 300 });
    ledger.observe(evidence(0, SYSTEM, conversation));
    ledger.record("m1", 100, usage(2_000, 0));
    ledger.observe(evidence(200, ["changed", ...SYSTEM], conversation));
    ledger.failed();
    ledger.observe(evidence(400, SYSTEM, [...conversation, user("m9", "again")]));
    const call = ledger.record("m2", 500, usage(2_000, 0));
    // what differs from the call before is nothing this ledger saw: the failed request's change is not blamed
    expect(call.bust).toMatchObject({ cause: "unknown", missing: ["tools"] });
  });

  test("a second report of the same answer updates it instead of adding a call", () => {
    const ledger = new SessionLedger({ lifetimeSeconds: 300 });
    ledger.record("m1", 0, usage(2_000, 0), undefined, evidence(0, SYSTEM, conversation));
    expect(ledger.record("m2", 1, usage(2_010, 0), undefined, evidence(1, SYSTEM, conversation)).bust).toBeDefined();
    const again = ledger.record("m2", 2, usage(10, 2_000));
    expect(again.call).toBe(2);
    expect(again.bust).toBeUndefined();
    expect(ledger.all()).toHaveLength(2);
  });

  test("numbering and totals go on from calls stored earlier; a bust after a restart is unknown, its time the only evidence of the call before", () => {
    const earlier = [{ call: 7, id: "old", at: 0, usage: usage(100, 1_900) }];
    const ledger = new SessionLedger({ lifetimeSeconds: 300 }, earlier);
    const call = ledger.record("new", 1, usage(1_000, 0), undefined, evidence(1, SYSTEM, conversation));
    expect(call).toMatchObject({ call: 8, bust: { cause: "unknown", missing: ["system", "tools", "messages"] } });
    expect(ledger.summary().hitShare).toBeCloseTo(1_900 / 3_200);
  });

  test("a stored call's time is its evidence (a host whose evidence is in its transcript); a stored call reported again updates", () => {
    const earlier = [{ call: 3, id: "old", at: 0, usage: usage(100, 1_900) }];
    const ledger = new SessionLedger({ lifetimeSeconds: 300 }, earlier);
    const again = ledger.record("old", 0, { ...usage(100, 1_900), output: 99 }, undefined, { at: 0 });
    expect(again).toMatchObject({ call: 3, usage: { output: 99 } });
    const call = ledger.record("new", 400_000, usage(2_000, 0), undefined, { at: 400_000 });
    expect(call).toMatchObject({ call: 4, bust: { cause: "expired", idleSeconds: 400 } });
    expect(ledger.all()).toHaveLength(2);
  });

  test("a provider that never reports caching is not judged", () => {
    const ledger = new SessionLedger({ lifetimeSeconds: 300 });
    const plain = (input: number) => ({ input, cacheRead: 0, cacheWrite: 0, output: 10 });
    ledger.record("m1", 0, plain(5_000));
    expect(ledger.record("m2", 1, plain(6_000)).bust).toBeUndefined();
    ledger.record("m3", 2, { input: 10, cacheRead: 6_000, cacheWrite: 0, output: 10 });
    expect(ledger.record("m4", 3, plain(7_000)).bust).toBeDefined();
  });

  test("a compaction the host reported marks the next request only", () => {
    const ledger = new SessionLedger({ lifetimeSeconds: 300 });
    ledger.observe(evidence(0, SYSTEM, conversation));
    expect(ledger.latest()?.afterCompaction).toBeUndefined();
    ledger.compaction();
    ledger.observe(evidence(1, SYSTEM, [user("s1", "summary")]));
    expect(ledger.latest()?.afterCompaction).toBe(true);
    ledger.observe(evidence(2, SYSTEM, [user("s1", "summary"), user("s2", "go on")]));
    expect(ledger.latest()?.afterCompaction).toBeUndefined();
  });

  test("money spent and saved from the model's prices", () => {
    const ledger = new SessionLedger({ lifetimeSeconds: 300 });
    const prices = pricesOf({ input: 3, output: 15, cache: { read: 0.3, write: 3.75 } })!;
    const call = ledger.record("m", 0, { input: 1_000_000, cacheRead: 1_000_000, cacheWrite: 0, output: 0 }, prices);
    expect(call.spent).toBeCloseTo(3.3);
    expect(call.saved).toBeCloseTo(2.7);
  });
});

describe("host reports", () => {
  test("opencode's tokens, with gaps and nulls", () => {
    expect(usageOfTokens({ input: 10, output: 2, reasoning: 3, cache: { read: 90, write: null } })).toEqual({
      input: 10,
      output: 5,
      cacheRead: 90,
      cacheWrite: 0,
    });
    expect(usageOfTokens({ input: 0, output: 0, cache: null })).toBeUndefined();
    expect(usageOfTokens("nope")).toBeUndefined();
  });
  test("prices from a model or from opencode's config", () => {
    expect(pricesOf({ input: 1, output: 2, cache_read: 0.1, cache_write: 1.25 })).toEqual({
      input: 1,
      output: 2,
      cacheRead: 0.1,
      cacheWrite: 1.25,
    });
    expect(pricesOf({ input: 0, output: 0 })).toBeUndefined();
    expect(pricesOf(undefined)).toBeUndefined();
  });
});
