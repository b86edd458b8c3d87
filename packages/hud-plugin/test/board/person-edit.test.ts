import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { HudBoard } from "../../src/store/index.ts";
import { PersonEditor } from "../../src/edit/person-edit.ts";
import { boardActions } from "../../src/board/board-actions.ts";
import { fakeOpencode, tailText, type FakeOpencode } from "../helpers/fake-opencode.ts";

let oc: FakeOpencode;
let board: HudBoard;
let person: PersonEditor;
beforeEach(async () => {
  oc = await fakeOpencode();
  board = HudBoard.open(oc.storageDir);
  // the TUI's editor: its own store and runtime over the same database, as in another process
  person = new PersonEditor({ board, dir: oc.storageDir, directory: oc.directory, worktree: oc.directory });
});
afterEach(async () => {
  person.close();
  board.close();
  await oc.close();
});

describe("edits made by the person", () => {
  test("reach the agent's next request and are named as the person's in history", async () => {
    const messages = [oc.user("ses_a", "go")];
    await oc.transform(messages);
    const answer = await person.apply("ses_a", { tool: "notes.add", args: { content: "use port 4100" } });
    expect(answer).toEqual({ ok: true, text: expect.stringContaining("n1") });
    expect(tailText(await oc.transform(messages), messages)).toContain("use port 4100");
    const history = await oc.hud("ses_a", "history");
    expect(history).toMatch(/notes?\.add.*by=person/);
    await oc.hud("ses_a", "task.set", { description: "agent's own" });
    expect((await oc.hud("ses_a", "history")).split("\n").at(-1)).not.toContain("by=person");
  });

  test("set the task, complete a step, remove an item: the same operations as the agent's", async () => {
    await oc.hud("ses_a", "steps.add", { description: "write the test" });
    await oc.hud("ses_a", "decisions.record", { summary: "wrong call" });
    expect((await person.apply("ses_a", { tool: "task.set", args: { description: "the person's task" } })).ok).toBe(
      true,
    );
    expect((await person.apply("ses_a", { tool: "steps.complete", args: { id: "s1" } })).ok).toBe(true);
    expect((await person.apply("ses_a", { tool: "decisions.remove", args: { id: "d1" } })).ok).toBe(true);
    const snapshot = await oc.hud("ses_a", "snapshot");
    expect(snapshot).toContain("the person's task");
    expect(snapshot).not.toContain("wrong call");
    expect(person.state("ses_a").steps[0]?.done).toBe(true);
  });

  test("the person's views follow an edit at once, rendered with the context the agent last had", async () => {
    const messages = [oc.user("ses_a", "go"), oc.assistant("ses_a", 50_000)];
    await oc.system("ses_a");
    await oc.transform(messages);
    await person.apply("ses_a", { tool: "blockers.add", args: { description: "CI is red" } });
    const current = board.latest("ses_a", "current")!;
    expect(current.markdown).toContain("CI is red");
    expect(current.context.usedTokens).toBe(50_000);
    expect(board.latest("ses_a", "received")!.markdown).not.toContain("CI is red");
  });

  test("a bad edit answers one line and changes nothing", async () => {
    await oc.hud("ses_a", "task.set", { description: "stays" });
    const answer = await person.apply("ses_a", { tool: "notes.remove", args: { id: "n9" } });
    expect(answer.ok).toBe(false);
    expect(answer.text.split("\n")).toHaveLength(1);
    expect((await person.apply("ses_a", { tool: "notes.add", args: {} })).ok).toBe(false);
    expect(await oc.hud("ses_a", "notes.list")).not.toContain("n1");
  });
});

describe("the person's choices", () => {
  test("offer every open step to complete and every item to remove, with agent text kept to one row", async () => {
    await oc.hud("ses_a", "task.set", { description: "t" });
    await oc.hud("ses_a", "steps.add", { description: "open step\n\x1b[31mred" });
    await oc.hud("ses_a", "notes.add", { content: "a note" });
    const titles = boardActions(person.state("ses_a")).map((a) => a.title);
    // the escape sequence was replaced when the agent's text came in (U+FFFD marks where)
    expect(titles).toContain("Complete s1: open step \ufffdred");
    expect(titles).toContain("Remove n1: a note");
    expect(titles).toContain("Clear the task: t");
    for (const title of titles) expect(title).not.toMatch(/[\n\x1b]/);
  });
});
