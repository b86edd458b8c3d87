import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { hudToolJsonSchema } from "@agent-hud/hud-components";
import { fakeOpencode, hostTurn, tailText, type FakeOpencode } from "../helpers/fake-opencode.ts";

let oc: FakeOpencode;
beforeEach(async () => {
  oc = await fakeOpencode();
});
afterEach(() => oc.close());

const snapshot = (sessionID = "ses_a") => oc.hud(sessionID, "snapshot");

describe("hud tool", () => {
  test("mutating operations return the new item's id", async () => {
    expect(await oc.hud("ses_a", "notes.add", { content: "first" })).toBe("ok: added note n1");
    expect(await oc.hud("ses_a", "notes.add", { content: "second" })).toBe("ok: added note n2");
    expect(await oc.hud("ses_a", "decisions.record", { summary: "use WAL", details: "two writers" })).toBe(
      "ok: recorded decision d1",
    );
    expect(await oc.hud("ses_a", "notes.remove", { id: "n1" })).toContain("n1");
    const snap = await snapshot();
    expect(snap).toContain("second");
    expect(snap).not.toContain("first");
    expect(snap).toContain("use WAL");
  });

  test("bad operation or args: one line naming the problem and the shape, state unchanged", async () => {
    await oc.hud("ses_a", "notes.add", { content: "keep" });
    const before = await snapshot();
    const failures: Array<[unknown, unknown, RegExp]> = [
      ["notes.add", { text: "x" }, /content/],
      ["notes.ad", { content: "x" }, /notes\.add/],
      ["notes.remove", { id: "n9" }, /n9/],
      [42, undefined, /operation/],
      ["task.set", { description: "" }, /description/],
    ];
    for (const [tool, args, pattern] of failures) {
      const error = await oc.hud("ses_a", tool, args).then(
        () => undefined,
        (e: Error) => e.message,
      );
      expect(error).toMatch(pattern);
      expect(error!.split("\n")).toHaveLength(1);
    }
    expect(await snapshot()).toBe(before);
  });

  test("a call that is not an object at all gets the router's one line, not a TypeError", async () => {
    for (const raw of [null, "notes.add", 7, []]) {
      const error = await oc.hooks.tool
        .hud!.execute(raw as never, { sessionID: "ses_a", messageID: "m", agent: "build" } as never)
        .then(
          () => undefined,
          (e: Error) => e.message,
        );
      expect(error).toBe('missing operation name in "tool"; call { tool: "help" } to list operations');
    }
  });

  test("the tools declare JSON Schema args, the router's own, and no zod", () => {
    const { hud, hud_compact } = oc.hooks.tool;
    expect(hud!.args).toEqual(hudToolJsonSchema()["properties"] as never);
    expect(hud_compact!.args).toEqual({});
    // opencode takes args carrying `_zod` for zod schemas and validates them with its own zod
    for (const schema of Object.values(hud!.args)) expect(schema).not.toHaveProperty("_zod");
  });

  test("args sent as a JSON string are accepted", async () => {
    expect(await oc.hud("ses_a", "notes.add", JSON.stringify({ content: "stringified" }))).toBe("ok: added note n1");
  });

  test("help lists operations with their shapes; history comes from the store", async () => {
    const help = await oc.hud("ses_a", "help");
    expect(help).toContain("notes.add");
    expect(help).toContain("content");
    await oc.hud("ses_a", "task.set", { description: "T" });
    await oc.hud("ses_a", "notes.add", { content: "N" });
    const history = await oc.hud("ses_a", "history", { limit: 1 });
    expect(history).toContain("note.add");
    expect(history).not.toContain("task.set");
    expect(await oc.hud("ses_a", "history")).toContain("task.set");
    await expect(oc.hud("ses_a", "history", { limit: "all" })).rejects.toThrow(/limit/);
  });

  test("project-scoped items are shared by the sessions of the project", async () => {
    expect(await oc.hud("ses_a", "notes.add", { content: "shared fact", scope: "project" })).toBe("ok: added note pn1");
    const messages = [oc.user("ses_b", "hi")];
    expect(tailText(await oc.transform(messages), messages)).toContain("shared fact");
  });

  // Taking over a session whose process is gone is covered in test/project/resume*.test.ts.
  test("resume never takes over a session that is still live in this process", async () => {
    await oc.hud("ses_a", "task.set", { description: "Unfinished migration" });
    await oc.hud("ses_a", "steps.add", { description: "run the backfill" });
    await oc.transform([oc.user("ses_a", "x")]);
    const fresh = [oc.user("ses_b", "new session")];
    expect(tailText(await oc.transform(fresh), fresh)).not.toContain("Unfinished migration");
    const error = await oc.hud("ses_b", "resume").then(
      () => "no error",
      (e: Error) => e.message,
    );
    expect(error).toBe("resume: no earlier session of this project left a task or open steps");
    expect(await snapshot("ses_b")).not.toContain("Unfinished migration");
  });

  test("the tool.definition hook sends the TypeBox JSON schema for hud only", async () => {
    const output: Record<string, unknown> = { description: "d", parameters: {} };
    await oc.hooks["tool.definition"]({ toolID: "hud" }, output as never);
    const schema = output.jsonSchema as { properties?: Record<string, unknown>; required?: string[] };
    expect(schema.properties).toHaveProperty("tool");
    expect(schema.properties).toHaveProperty("args");
    const other: Record<string, unknown> = { description: "d", parameters: {} };
    await oc.hooks["tool.definition"]({ toolID: "read" }, other as never);
    expect(other.jsonSchema).toBeUndefined();
  });
});

describe("hud_compact", () => {
  test("declines below half full, else records a snapshot and summarizes once the session is idle", async () => {
    await oc.system("ses_a");
    await oc.transform([oc.user("ses_a", "a"), oc.assistant("ses_a", 20_000)]);
    expect(await oc.compact("ses_a")).toMatch(/^declined: context is 10% full/);
    await oc.transform([oc.user("ses_a", "a"), oc.assistant("ses_a", 120_000)]);
    expect(await oc.compact("ses_a")).toMatch(/^ok: context is 63% full/);
    expect(oc.summarized).toHaveLength(0);
    expect(await oc.hud("ses_a", "history")).toContain("context.snapshot");
    await oc.event("session.idle", { sessionID: "ses_a" });
    await hostTurn();
    expect(oc.summarized).toEqual([{ path: { id: "ses_a" }, body: { providerID: "fake", modelID: "m" } }]);
    await oc.event("session.idle", { sessionID: "ses_a" });
    await hostTurn();
    expect(oc.summarized).toHaveLength(1);
  });
});
