// SIMULATION, not an end-to-end test (see v2-contract.simulation.test.ts): the cache ledger on opencode 2's
// context hook and `session.step.ended` usage, driven through the built bundle in a simulated V2 context.
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { contextEvent, fakeHost } from "./fake-host.ts";

const root = mkdtempSync(join(tmpdir(), "agent-hud-v2-ledger-"));
process.env.XDG_CONFIG_HOME = join(root, "config");
process.env.XDG_DATA_HOME = join(root, "data");
const bundle = join(import.meta.dir, "../../packages/hud-plugin/dist/server.js");
const project = join(root, "project");
const storage = join(root, "storage");
const host = fakeHost(project, { storageDir: storage });
let cleanup: (() => Promise<void>) | void;
const S = "ses_v2ledger00001";

beforeAll(async () => {
  mkdirSync(project, { recursive: true });
  const mod = (await import(bundle)) as { default: { setup: (ctx: unknown) => Promise<() => Promise<void>> } };
  cleanup = await mod.default.setup(host.context);
});
afterAll(async () => {
  host.close();
  await cleanup?.();
  rmSync(root, { recursive: true, force: true });
});

const step = (id: string, read: number, input: number) =>
  host.emit("session.step.ended", {
    sessionID: S,
    assistantMessageID: id,
    tokens: { input, output: 10, reasoning: 0, cache: { read, write: 0 } },
  });

test("simulation: V2 requests and step usage make the ledger; changed tools and a rewritten history are named", async () => {
  const turns = ["fix the test", "done", "now the docs"];
  await host.run("session.context", { ...contextEvent(S, turns.slice(0, 1)), tools: { read: { description: "r" } } });
  await step("msg_v2l0001", 0, 20_000);
  await host.run("session.context", { ...contextEvent(S, turns), tools: { read: { description: "r" } } });
  await step("msg_v2l0002", 19_000, 1_000);
  await host.run("session.context", {
    ...contextEvent(S, [...turns, "ok", "more"]),
    tools: { read: { description: "r" }, write: { description: "w" } },
  });
  await step("msg_v2l0003", 0, 21_000);
  await host.run("session.context", { ...contextEvent(S, ["summary of it all", "go on"]), tools: { read: {} } });
  await step("msg_v2l0004", 0, 22_000);
  const db = new Database(join(storage, "hud.db"), { readonly: true });
  try {
    const rows = db
      .query("SELECT call, cache_read, bust FROM hud_cache_calls WHERE session_id = ? ORDER BY call")
      .all(S) as Array<{ call: number; cache_read: number; bust: string | null }>;
    expect(rows.map((r) => r.cache_read)).toEqual([0, 19_000, 0, 0]);
    expect(rows[1]!.bust).toBeNull();
    expect(JSON.parse(rows[2]!.bust!)).toMatchObject({ cause: "tools", also: [], missing: [] });
    expect(JSON.parse(rows[3]!.bust!)).toMatchObject({ cause: "tools", also: ["history"] });
  } finally {
    db.close();
  }
});
