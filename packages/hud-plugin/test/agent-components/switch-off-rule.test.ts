import { describe, expect, test } from "bun:test";
import { emptyState, type HudView } from "@agent-hud/hud-components";
import { h } from "@agent-hud/ujsx/core";
import { ComponentRunner, failsTooOften, type RenderOutcome } from "../../src/agent-components/runner.ts";

const ok: RenderOutcome = { ok: true, elements: [h("paragraph", {}, "fine")] };
const boom: RenderOutcome = { ok: false, error: "Error: boom" };

const project = emptyState("project");
const session = emptyState("session");
/** A view whose state version is `rev`: each rev is one render in the window (the same rev, the same state). */
const viewAt = (rev: number): HudView => ({ session: { ...session, rev }, project });

/** Settles one render per state, in order, and says what was switched off (and after which render). */
function run(outcomes: RenderOutcome[]): { offAt: number | undefined; reasons: string[] } {
  const reasons: string[] = [];
  let offAt: number | undefined;
  let i = 0;
  const runner = new ComponentRunner({ name: "Fragile", source: "" }, (reason) => {
    offAt ??= i;
    reasons.push(reason);
  });
  for (const outcome of outcomes) runner.settle(viewAt(++i), "full", outcome);
  return { offAt, reasons };
}

const renders = (failedAt: number[], total = 10) =>
  Array.from({ length: total }, (_, i) => (failedAt.includes(i + 1) ? boom : ok));

describe("the switch-off rule: 2 failures among the last 10 renders, or 3 in a row", () => {
  test("1 failure in 10 renders: it stays on", () => {
    expect(run(renders([5])).offAt).toBeUndefined();
    expect(failsTooOften([false, false, false, false, true, false, false, false, false, false])).toBe(false);
  });

  test("1 failure in every 10 renders, forever: it stays on (the older failure has left the window)", () => {
    expect(run(renders([1, 11, 21], 30)).offAt).toBeUndefined();
  });

  test("2 failures in 10 renders, far apart: it is off at the second", () => {
    const { offAt, reasons } = run(renders([1, 10]));
    expect(offAt).toBe(10);
    expect(reasons[0]).toBe("Error: boom");
  });

  test("2 failures 10 renders apart: the first is still in the window of the second", () => {
    expect(run(renders([3, 12], 12)).offAt).toBe(12);
  });

  test("2 failures 11 renders apart: never 2 in a window of 10, it stays on", () => {
    expect(run(renders([1, 12], 12)).offAt).toBeUndefined();
  });

  test("3 in a row: off (with the defaults the second already switches it off)", () => {
    expect(failsTooOften([true, true, true])).toBe(true);
    expect(run([boom, boom, boom]).offAt).toBe(2);
  });

  test("3 in a row alone switches it off when the window would not (a looser count, the same streak rule)", () => {
    const loose = { failuresToOff: 5, failureWindow: 10, failuresInARow: 3 };
    expect(failsTooOften([true, true], loose)).toBe(false);
    expect(failsTooOften([false, true, true, true], loose)).toBe(true);
    expect(failsTooOften([true, true, false, true, false], loose)).toBe(false);
  });

  test("a state counts once whatever densities it was rendered at: two failing densities of one state stay on", () => {
    const offs: string[] = [];
    const runner = new ComponentRunner({ name: "Fragile", source: "" }, (reason) => offs.push(reason));
    runner.settle(viewAt(1), "full", boom);
    runner.settle(viewAt(1), "compact", boom);
    expect(offs).toEqual([]);
    runner.settle(viewAt(2), "full", boom);
    expect(offs).toEqual(["Error: boom"]);
  });
});
