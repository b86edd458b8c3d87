import { afterEach, beforeEach, expect, test } from "bun:test";
import { join } from "node:path";
import { fakeOpencode, hostTurn, tailText, type FakeOpencode } from "../helpers/fake-opencode.ts";

let oc: FakeOpencode;
beforeEach(async () => {
  oc = await fakeOpencode();
});
afterEach(() => oc.close());

const files = (sessionID = "ses_a") => oc.hud(sessionID, "files.list");

test("read/edit/write/patch tool calls become active files, relative to the project", async () => {
  const after = oc.hooks["tool.execute.after"];
  const out = { title: "", output: "", metadata: {} };
  await after(
    { tool: "read", sessionID: "ses_a", callID: "c1", args: { filePath: join(oc.directory, "src/a.ts") } },
    out,
  );
  await after(
    { tool: "write", sessionID: "ses_a", callID: "c2", args: { filePath: join(oc.directory, "src/b.ts") } },
    out,
  );
  await after(
    {
      tool: "apply_patch",
      sessionID: "ses_a",
      callID: "c3",
      args: { patchText: "*** Begin Patch\n*** Update File: src/c.ts\n*** End Patch" },
    },
    out,
  );
  await after({ tool: "bash", sessionID: "ses_a", callID: "c4", args: { command: "rm -rf /" } }, out);
  const list = await files();
  expect(list).toContain("src/a.ts (read)");
  expect(list).toContain("src/b.ts (edited ×1)");
  expect(list).toContain("src/c.ts (edited ×1)");
  expect(list).not.toContain(oc.directory);
});

test("an edit reported by both file.edited and tool.execute.after counts once", async () => {
  await oc.transform([oc.user("ses_a", "x")]);
  await oc.event("file.edited", { file: join(oc.directory, "src/a.ts") });
  await oc.hooks["tool.execute.after"](
    { tool: "edit", sessionID: "ses_a", callID: "c1", args: { filePath: join(oc.directory, "src/a.ts") } },
    { title: "", output: "", metadata: {} },
  );
  expect(await files()).toContain("src/a.ts (edited ×1)");
});

test("opencode's todos show in the HUD's steps", async () => {
  await oc.event("todo.updated", {
    sessionID: "ses_a",
    todos: [
      { id: "1", content: "write tests", status: "in_progress", priority: "high" },
      { id: "2", content: "bogus", status: "weird" },
    ],
  });
  const messages = [oc.user("ses_a", "x")];
  const hud = tailText(await oc.transform(messages), messages)!;
  expect(hud).toContain("write tests");
  expect(hud).not.toContain("bogus");
});

test("a sub-agent session sees its parent's task and decisions", async () => {
  await oc.hud("ses_parent", "task.set", { description: "Parent task here" });
  await oc.hud("ses_parent", "decisions.record", { summary: "Parent decided X" });
  await oc.event("session.created", { info: { id: "ses_child", parentID: "ses_parent" } });
  const messages = [oc.user("ses_child", "do the subtask")];
  const hud = tailText(await oc.transform(messages), messages)!;
  expect(hud).toContain("Parent task here");
  expect(hud).toContain("Parent decided X");
  expect(await oc.hud("ses_child", "history")).toContain("session.link");
});

test("malformed events are ignored without throwing", async () => {
  await oc.event("message.updated", {});
  await oc.event("message.updated", {
    info: { role: "assistant", sessionID: "ses_a", id: "m", tokens: { input: "x" } },
  });
  await oc.event("todo.updated", { sessionID: "ses_a", todos: "nope" });
  await oc.event("file.edited", { file: 3 });
  await oc.event("session.compacted", { sessionID: "../bad" });
  await oc.event("unknown.kind", { anything: true });
  const messages = [oc.user("ses_a", "x")];
  expect(tailText(await oc.transform(messages), messages)).toBeDefined();
});

test("a message.updated whose tokens have cache: null still reports its usage", async () => {
  await oc.system("ses_a");
  await oc.event("message.updated", {
    info: {
      id: "msg_c",
      sessionID: "ses_a",
      role: "assistant",
      time: { created: 1 },
      tokens: { input: 144_000, output: 0, cache: null },
    },
  });
  const messages = [oc.user("ses_a", "x")];
  const hud = tailText(await oc.transform(messages), messages)!;
  expect(hud).toContain("75%");
  expect(oc.logs.filter((l) => l.level === "error")).toEqual([]);
});

test('bus events without a session id are ignored, never read as the session "undefined"', async () => {
  // a real session that happens to be called "undefined" has asked for a compaction
  await oc.system("undefined");
  await oc.transform([oc.user("undefined", "a"), oc.assistant("undefined", 120_000)]);
  expect(await oc.compact("undefined")).toMatch(/^ok: /);
  await oc.event("session.idle", {});
  await oc.event("message.updated", { info: { id: "msg_9", role: "assistant", tokens: { input: 5 } } });
  await hostTurn();
  expect(oc.summarized).toEqual([]);
  expect(oc.logs.filter((l) => l.level === "error")).toEqual([]);
  await oc.event("session.idle", { sessionID: "undefined" });
  await hostTurn();
  expect(oc.summarized.map((s) => s.path.id)).toEqual(["undefined"]);
});
