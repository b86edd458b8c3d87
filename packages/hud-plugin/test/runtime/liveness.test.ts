import { expect, test } from "bun:test";
import { hostname } from "node:os";
import { IDLE_LIMIT_MS, holderRunning, isLive, newHolder } from "../../src/runtime/liveness.ts";

test("an instance of this process is running until released", () => {
  const holder = newHolder();
  expect(holderRunning(holder.id)).toBe(true);
  holder.release();
  expect(holderRunning(holder.id)).toBe(false);
});

test("a process of this machine that exited is gone; one still running is not", async () => {
  const child = Bun.spawn([process.execPath, "-e", "await Bun.stdin.text()"], { stdin: "pipe" });
  const id = `${child.pid}@${hostname()}#0a`;
  expect(holderRunning(id)).toBe(true);
  child.stdin.end();
  await child.exited;
  expect(holderRunning(id)).toBe(false);
});

test("holders that cannot be checked (another machine, none recorded) leave it to the idle limit", () => {
  expect(holderRunning(`1@another-machine-${hostname()}#0a`)).toBe(true);
  expect(holderRunning(undefined)).toBe(true);
  const now = 10 * IDLE_LIMIT_MS;
  expect(isLive({ updatedAt: now - IDLE_LIMIT_MS + 1 }, now)).toBe(true);
  expect(isLive({ updatedAt: now - IDLE_LIMIT_MS }, now)).toBe(false);
});
