// Whatever opencode's bus or a tool hands the plugin — missing fields, nulls, wrong types, unknown event
// types, megabyte payloads — no hook throws, the next call still gets a sane HUD, and the state holds only
// what made sense.
import { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { Conversation, hookFailures, startPlugin, tempRoot } from "./support.ts";
import type { FakeOpencode } from "../helpers/fake-opencode.ts";

const SESSION = "ses_malformed";
const MB = 1 << 20;

let root: ReturnType<typeof tempRoot>;
let oc: FakeOpencode;
let conv: Conversation;
beforeEach(async () => {
  root = tempRoot();
  oc = await startPlugin(root.storeDir);
  conv = new Conversation(oc, SESSION);
  await conv.hud("notes.add", { content: "sane note" });
  await conv.call("start");
});
afterEach(async () => {
  await oc.close();
  root.cleanup();
});

/** The HUD after the bad input: present, still holding the earlier work, no broken values rendered. */
async function expectSaneHud(): Promise<string> {
  const { system, hud } = await conv.call("next");
  expect(system.some((s) => s.startsWith("# Agent HUD"))).toBe(true);
  expect(hud).toBeDefined();
  expect(hud).toContain("sane note");
  expect(hud).not.toMatch(/NaN|Infinity|undefined|\[object Object\]|null/);
  expect(hud!.length).toBeLessThan(20_000);
  const snapshot = await conv.hud("snapshot");
  expect(snapshot).not.toMatch(/NaN|Infinity|undefined|\[object Object\]/);
  return hud!;
}

const send = (event: unknown) => oc.hooks.event({ event } as never);

/** Streams present in the database file. */
function streams(): string[] {
  const db = new Database(join(root.storeDir, "hud.db"), { readonly: true });
  try {
    return (db.query("SELECT DISTINCT stream FROM events ORDER BY stream").all() as Array<{ stream: string }>).map(
      (r) => r.stream,
    );
  } finally {
    db.close();
  }
}

describe("malformed or unexpected bus events", () => {
  test("no event object, no properties, null properties, unknown and non-string types", async () => {
    for (const event of [
      undefined,
      null,
      {},
      { type: "message.updated" },
      { type: "todo.updated", properties: null },
      { type: 42, properties: {} },
      { type: "", properties: {} },
      { type: "some.future.event", properties: { sessionID: SESSION, anything: [1, { deep: null }] } },
      "message.updated",
      [1, 2, 3],
    ])
      await expect(send(event)).resolves.toBeUndefined();
    await expectSaneHud();
  });

  test("message.updated with missing, null, wrong-typed and absurd token counts", async () => {
    const info = (tokens: unknown, extra: Record<string, unknown> = {}) => ({
      type: "message.updated",
      properties: { info: { id: `msg_t${Math.random()}`, sessionID: SESSION, role: "assistant", tokens, ...extra } },
    });
    const cases: unknown[] = [
      undefined,
      null,
      {},
      { input: "12", output: null, reasoning: undefined, cache: null },
      { input: Number.NaN, output: 1, cache: { read: Number.NaN, write: 2 } },
      { input: Number.POSITIVE_INFINITY, output: 0, cache: { read: 0, write: 0 } },
      { input: -50_000, output: -1, cache: { read: -1, write: -1 } },
      { input: 1e308, output: 1e308, cache: { read: 1e308, write: 1e308 } },
      { input: { nested: 1 }, output: [], cache: "x" },
      "lots",
    ];
    for (const tokens of cases) await expect(send(info(tokens))).resolves.toBeUndefined();
    await expect(send({ type: "message.updated", properties: { info: null } })).resolves.toBeUndefined();
    await expect(
      send({ type: "message.updated", properties: { info: { role: "assistant", tokens: { input: 5 } } } }),
    ).resolves.toBeUndefined();
    await expect(
      send({
        type: "message.updated",
        properties: {
          info: {
            role: "assistant",
            sessionID: "../../etc",
            id: "x",
            tokens: { input: 5, output: 0, cache: { read: 0, write: 0 } },
          },
        },
      }),
    ).resolves.toBeUndefined();
    const hud = await expectSaneHud();
    expect(hud).toMatch(/\d+(\.\d+)?%/);
  });

  test("todo.updated with null entries, wrong types and a megabyte of todos", async () => {
    const todos = [
      null,
      7,
      "todo",
      { content: null, status: "pending" },
      { content: "real todo", status: "pending" },
      { content: "bad status", status: "done?" },
      { content: { x: 1 }, status: "completed" },
    ];
    await expect(send({ type: "todo.updated", properties: { sessionID: SESSION, todos } })).resolves.toBeUndefined();
    const listed = await conv.hud("steps.list");
    expect(listed).toContain("real todo");
    expect(listed).not.toMatch(/bad status|\[object|null/);
    await expect(
      send({ type: "todo.updated", properties: { sessionID: SESSION, todos: "not a list" } }),
    ).resolves.toBeUndefined();
    await expect(send({ type: "todo.updated", properties: { todos: [] } })).resolves.toBeUndefined();
    const many = Array.from({ length: 5_000 }, (_, i) => ({
      id: `t${i}`,
      content: `todo ${i} ${"w".repeat(200)}`,
      status: "pending",
    }));
    await expect(
      send({ type: "todo.updated", properties: { sessionID: SESSION, todos: many } }),
    ).resolves.toBeUndefined();
    await expect(
      send({
        type: "todo.updated",
        properties: { sessionID: SESSION, todos: [{ content: "x".repeat(MB), status: "in_progress" }] },
      }),
    ).resolves.toBeUndefined();
    const hud = await expectSaneHud();
    expect(await conv.hud("steps.list")).toContain("xxxx");
    expect(hud.length).toBeLessThan(20_000);
  });

  test("file.edited, session.compacted, session.updated and session.idle with missing or hostile fields", async () => {
    const events = [
      { type: "file.edited", properties: {} },
      { type: "file.edited", properties: { file: null } },
      { type: "file.edited", properties: { file: 12 } },
      { type: "file.edited", properties: { file: "p".repeat(MB) } },
      { type: "session.compacted", properties: {} },
      { type: "session.compacted", properties: { sessionID: null } },
      { type: "session.updated", properties: { info: null } },
      { type: "session.updated", properties: { info: { id: SESSION, parentID: "../../parent" } } },
      { type: "session.created", properties: { info: { id: "bad id with spaces", parentID: SESSION } } },
      { type: "session.idle", properties: null },
      { type: "session.idle", properties: { sessionID: { id: SESSION } } },
      { type: "session.error", properties: { sessionID: 5, error: null } },
    ];
    for (const event of events) await expect(send(event)).resolves.toBeUndefined();
    const hud = await expectSaneHud();
    // the path is clipped in the state, the megabyte never reaches the HUD
    expect(hud).not.toContain("p".repeat(1000));
    expect(hookFailures(oc.logs).every((line) => line.length < 400)).toBe(true);
  });

  test("a session.updated naming an invalid parent is refused; the session's tool and HUD keep working", async () => {
    await expect(
      send({
        type: "session.updated",
        properties: { info: { id: SESSION, parentID: "../ses_x'; DROP TABLE events;--" } },
      }),
    ).resolves.toBeUndefined();
    expect(await conv.hud("notes.add", { content: "after the bad parent" })).toMatch(/^ok: added note n2$/);
    expect(await expectSaneHud()).toContain("after the bad parent");
    expect(streams()).toEqual([`session:${SESSION}`]);
    expect(hookFailures(oc.logs).some((l) => l.includes("invalid session id"))).toBe(true);
  });

  test("events that name no session record nothing (no stream invented for a missing id)", async () => {
    for (const properties of [{}, { sessionID: null }, { sessionID: 7 }])
      for (const type of ["session.compacted", "todo.updated"])
        await expect(
          send({ type, properties: { ...properties, todos: [{ content: "x", status: "pending" }] } }),
        ).resolves.toBeUndefined();
    await expectSaneHud();
    expect(streams()).toEqual([`session:${SESSION}`]);
  });

  test("a megabyte of unexpected fields in a known event is ignored", async () => {
    const junk = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, "j".repeat(1000)]));
    await expect(
      send({
        type: "message.updated",
        properties: {
          ...junk,
          info: {
            id: "msg_j",
            sessionID: SESSION,
            role: "assistant",
            ...junk,
            tokens: { input: 10_000, output: 0, reasoning: 0, cache: { read: 0, write: 0 } },
          },
        },
      }),
    ).resolves.toBeUndefined();
    await expectSaneHud();
  });
});

describe("odd tool outputs and arguments into tool.execute.after", () => {
  test("missing, null and wrong-typed args and outputs", async () => {
    const calls: Array<[string, unknown, unknown]> = [
      ["read", undefined, undefined],
      ["read", null, null],
      ["read", "src/a.ts", { output: null }],
      ["read", { filePath: 42 }, { title: 1, output: { nested: true }, metadata: null }],
      ["read", { filePath: "" }, {}],
      ["read", { filePath: ["a", "b"] }, {}],
      ["edit", { filePath: { path: "x" } }, {}],
      ["write", { filePath: null, content: null }, {}],
      ["apply_patch", { patchText: 42 }, {}],
      ["apply_patch", { patchText: null }, {}],
      ["bash", { command: null }, { output: "\u0000\u001b[31m" }],
      ["", {}, {}],
      ["future-tool", { filePath: "src/unseen.ts" }, {}],
    ];
    for (const [tool, args, output] of calls) await expect(conv.toolDone(tool, args, output)).resolves.toBeUndefined();
    await conv.toolDone("read", { filePath: "src/real.ts" });
    const hud = await expectSaneHud();
    expect(hud).toContain("src/real.ts");
    expect(hud).not.toContain("src/unseen.ts");
    const files = await conv.hud("files.list");
    expect(files).toContain("src/real.ts");
    expect(files).not.toMatch(/\b42\b|\[object|null/);
  });

  test("huge args: a megabyte path and a patch touching 10,000 files keep the files section capped", async () => {
    await expect(conv.toolDone("read", { filePath: `src/${"d".repeat(MB)}.ts` })).resolves.toBeUndefined();
    const patch = Array.from({ length: 10_000 }, (_, i) => `*** Add File: gen/f${i}.ts\n+x`).join("\n");
    await expect(
      conv.toolDone("apply_patch", { patchText: patch }, { output: "y".repeat(MB) }),
    ).resolves.toBeUndefined();
    const hud = await expectSaneHud();
    expect(hud).toContain("gen/f9999.ts");
    const files = (await conv.hud("files.list")).split("\n").filter((l) => /\bf\d+\b/.test(l));
    expect(files.length).toBeLessThanOrEqual(15);
    expect(files.length).toBeGreaterThan(0);
  });
});
