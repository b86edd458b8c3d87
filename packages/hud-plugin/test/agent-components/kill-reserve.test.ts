import { expect, test } from "bun:test";
import { SandboxProcess } from "../../src/agent-components/sandbox-client.ts";

test("the reserve before a call's deadline grows at once by what a cut-off call missed and shrinks slowly", () => {
  const sandbox = new SandboxProcess();
  const start = sandbox.reserveMs;
  // 4 ms late: the reserve takes those and the aim of a few ms before the deadline
  sandbox.learn(4, 150);
  const grown = sandbox.reserveMs;
  expect(grown).toBeGreaterThan(start + 4);
  // ended 20 ms early: it gives back a fraction of that, not all
  sandbox.learn(-20, 150);
  expect(sandbox.reserveMs).toBeLessThan(grown);
  expect(sandbox.reserveMs).toBeGreaterThan(grown - 20);
  // never more than a third of the budget, never below 1 ms
  sandbox.learn(500, 150);
  expect(sandbox.reserveMs).toBe(50);
  for (let i = 0; i < 200; i++) sandbox.learn(-100, 150);
  expect(sandbox.reserveMs).toBe(1);
});
