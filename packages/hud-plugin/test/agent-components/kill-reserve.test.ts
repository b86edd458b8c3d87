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

test("an LLM call's deadline keeps the reserve: a render no built-in call can stop is killed that much before the budget", async () => {
  const sandbox = new SandboxProcess();
  try {
    const note = `${"a".repeat(100_000)}b`;
    const props = JSON.stringify({ state: { notes: [{ id: "n1", content: note }] }, project: {} });
    // seconds of work in one built-in call: only the kill from outside ends it
    const source = `export default function C({ state }) {\n  return <paragraph>{String(state.notes[0].content.indexOf("a".repeat(50000) + "c"))}</paragraph>;\n}`;
    const request = { op: "render" as const, key: "reserve:C", source, props: "{}", densities: ["full" as const] };
    // opened (and warm) first, so the timed render below is a render, not an open
    expect((await sandbox.renderAll([request], 10_000))[0]!.kind).toBe("done");
    sandbox.reserveMs = 2_500;
    const began = performance.now();
    const [answer] = await sandbox.renderAll([{ ...request, props }], 3_000, undefined, { spentMs: 0 });
    const took = performance.now() - began;
    expect(answer).toEqual({ kind: "timeout", error: "took longer than the call's budget of 3000 ms" });
    // the deadline was 3,000 − 2,500 ms: never before it, and well before the budget the reserve is taken from
    expect(took).toBeGreaterThanOrEqual(500);
    expect(took).toBeLessThan(3_000);
  } finally {
    sandbox.kill();
  }
});
