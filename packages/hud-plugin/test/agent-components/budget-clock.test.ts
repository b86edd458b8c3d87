// The budget clock of one LLM call's agent-component renders: opening a sandbox pauses the budget and runs
// a limit of its own, the budget goes on with what was left, and either deadline is reported with its phase.
// Timers never fire early, so the lower bounds below hold on any machine; the waits are for conditions.
import { expect, test } from "bun:test";
import { BudgetClock } from "../../src/agent-components/budget-clock.ts";

/** A clock and the first lateness it reports: its phase and the ms since the clock was made. */
function clock(budgetMs: number, openMs: number) {
  const made = performance.now();
  let late: { opening: boolean; at: number } | undefined;
  const c = new BudgetClock(budgetMs, openMs, (opening) => (late ??= { opening, at: performance.now() - made }));
  const fired = async () => {
    const deadline = Date.now() + 10_000;
    while (!late && Date.now() < deadline) await Bun.sleep(5);
    c.stop();
    if (!late) throw new Error("the clock never reported a deadline");
    return late;
  };
  return { c, made, fired };
}

test("an opening is bounded by its own limit: reported as the opening's, not before openMs, however long the budget", async () => {
  const { c, fired } = clock(600_000, 150);
  c.open();
  const late = await fired();
  expect(late.opening).toBe(true);
  expect(late.at).toBeGreaterThanOrEqual(145);
});

test("the budget stops while a sandbox opens and goes on with what was left", async () => {
  const { c, made, fired } = clock(200, 600_000);
  c.open();
  await Bun.sleep(400);
  const openedAt = performance.now() - made;
  c.opened();
  const late = await fired();
  expect(late.opening).toBe(false);
  // the pause is not spent from the budget: it ends about 200 ms after the open ended, not at 200 ms
  expect(late.at - openedAt).toBeGreaterThanOrEqual(180);
  expect(c.pausedMs).toBeGreaterThanOrEqual(openedAt - 5);
});

test("without an opening the budget alone decides, reported as the budget's", async () => {
  const { fired } = clock(120, 600_000);
  const late = await fired();
  expect(late.opening).toBe(false);
  expect(late.at).toBeGreaterThanOrEqual(115);
});
