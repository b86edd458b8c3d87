// The LLM call's own writes (its turn event and the session's last-active time) are made after the
// messages transform returns, so a slow disk never delays the request; these tests pin down that nothing
// is lost or reordered by it and that the HUD of the call itself is already right.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { join } from "node:path";
import { EventStore, projectKeyFor } from "../../src/store/index.ts";
import { hostTurn, type FakeOpencode, type Msg } from "../helpers/fake-opencode.ts";
import { durableEvents, startPlugin, tempRoot } from "../reliability/support.ts";

const SESSION = "ses_defer01";
const STREAM = `session:${SESSION}`;

let root: ReturnType<typeof tempRoot>;
let oc: FakeOpencode;
beforeEach(async () => {
  root = tempRoot("hud-deferred-");
  oc = await startPlugin(root.storeDir);
});
afterEach(async () => {
  await oc.close();
  root.cleanup();
});

/** The messages transform alone, with no turn of the event loop after it (unlike `oc.transform`). */
async function callHook(messages: Msg[]): Promise<string> {
  const output = { messages: structuredClone(messages) };
  await oc.hooks["experimental.chat.messages.transform"]({}, output as never);
  return String(output.messages.at(-1)?.parts[0]?.text);
}

const kinds = () => durableEvents(root.storeDir, STREAM).map((e) => e.event.kind);

function lastSession(): string | undefined {
  const store = EventStore.open({ dir: root.storeDir, log: () => {} });
  try {
    return store.recentSessions(projectKeyFor(oc.directory), "ses_other", 1)[0]?.sessionID;
  } finally {
    store.close();
  }
}

test("the transform returns before the call's turn and session touch are written; they are written right after", async () => {
  await oc.hud(SESSION, "task.set", { description: "measure the hook" });
  await callHook([oc.user(SESSION, "go")]);
  expect(kinds()).toEqual(["task.set"]);
  expect(lastSession()).toBeUndefined();
  await hostTurn();
  expect(kinds()).toEqual(["task.set", "turn"]);
  expect(lastSession()).toBe(SESSION);
});

test("turns not yet written already count in the HUD of the same call, and are all written, in order", async () => {
  await oc.hud(SESSION, "task.set", { description: "watch the staleness line" });
  const huds: string[] = [];
  for (let i = 0; i < 10; i++) huds.push(await callHook([oc.user(SESSION, `call ${i}`)]));
  // default staleness: 10 calls without an edit
  expect(huds[8]).not.toContain("no HUD edits");
  expect(huds[9]).toMatch(/no HUD edits for [^\n]*\b10 turns/);
  expect(kinds()).toEqual(["task.set"]);
  await hostTurn();
  expect(kinds()).toEqual(["task.set", ...Array(10).fill("turn")]);
  expect(await callHook([oc.user(SESSION, "eleventh")])).toMatch(/no HUD edits for [^\n]*\b11 turns/);
});

test("an edit right after a call is logged after that call's turn (queued writes go first)", async () => {
  await callHook([oc.user(SESSION, "go")]);
  expect(await oc.hud(SESSION, "notes.add", { content: "after the call" })).toBe("ok: added note n1");
  expect(kinds()).toEqual(["turn", "note.add"]);
});

test("dispose writes what is still queued", async () => {
  await callHook([oc.user(SESSION, "go")]);
  await oc.hooks.dispose();
  expect(kinds()).toEqual(["turn"]);
  expect(lastSession()).toBe(SESSION);
});

test("a process that exits right after a call still writes the call's turn and touch", async () => {
  const projectDir = join(root.root, "exiting");
  const proc = Bun.spawn(
    [
      process.execPath,
      join(import.meta.dir, "..", "reliability", "fixtures", "plugin-exit.ts"),
      root.storeDir,
      projectDir,
      SESSION,
    ],
    {
      stdout: "pipe",
      stderr: "pipe",
      env: process.env,
    },
  );
  expect(await proc.exited).toBe(0);
  expect(kinds()).toEqual(["task.set", "turn"]);
  const store = EventStore.open({ dir: root.storeDir, log: () => {} });
  try {
    expect(store.recentSessions(projectKeyFor(projectDir), "ses_other", 1)[0]?.sessionID).toBe(SESSION);
  } finally {
    store.close();
  }
}, 20_000);
