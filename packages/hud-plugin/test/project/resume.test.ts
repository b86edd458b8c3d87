import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { failure, workspace, type Instance, type Workspace } from "./support.ts";

let ws: Workspace;
beforeEach(() => {
  ws = workspace();
});
afterEach(() => ws.close());

const resumeLines = (hud: string) => hud.split("\n").filter((line) => line.startsWith("**Resume**"));

/** A session that stops with a task, two open steps and one finished step. */
async function unfinished(oc: Instance, sessionID: string): Promise<void> {
  await oc.hud(sessionID, "task.set", { description: "Move uploads to object storage" });
  await oc.hud(sessionID, "steps.add", { description: "add the storage client" });
  await oc.hud(sessionID, "steps.add", { description: "copy existing files" });
  await oc.hud(sessionID, "steps.add", { description: "delete the local volume" });
  await oc.hud(sessionID, "steps.complete", { id: "s1" });
  await oc.hudOf(sessionID);
}

// The previous session is offered only once it is no longer live: here its instance (its opencode process)
// is stopped. resume-liveness.test.ts covers sessions that are still live.
describe("resume hint", () => {
  test("a new session shows one line naming the last session's unfinished task and its open steps", async () => {
    const old = await ws.instance("repo");
    await unfinished(old, "ses_old");
    await old.stop();
    const oc = await ws.instance("repo");
    const lines = resumeLines(await oc.hudOf("ses_new"));
    expect(lines).toEqual([
      '**Resume** last session left "Move uploads to object storage" with 2 open steps; take it over with `hud resume`',
    ]);
  });

  test("the hint comes from the project's last session, in another process too, and only if it left work", async () => {
    const first = await ws.instance("repo");
    await unfinished(first, "ses_old");
    await first.hud("ses_done", "task.set", { description: "tidy the changelog" });
    await first.hud("ses_done", "task.clear");
    await first.hudOf("ses_done");
    await first.stop();
    // the last session finished its work: nothing to offer, even though an older one left some
    const second = await ws.instance("repo");
    expect(resumeLines(await second.hudOf("ses_a"))).toEqual([]);
    // opencode's own open todos count as open steps
    const third = await ws.instance("repo");
    await third.event("todo.updated", {
      sessionID: "ses_todo",
      todos: [
        { id: "1", content: "bump the SDK", status: "pending" },
        { id: "2", content: "done already", status: "completed" },
      ],
    });
    await third.hudOf("ses_todo");
    await third.stop();
    expect(resumeLines(await second.hudOf("ses_b"))).toEqual([
      "**Resume** last session left no task with 1 open step; take it over with `hud resume`",
    ]);
    // another worktree never sees this project's sessions
    const other = await ws.instance("other-repo");
    expect(resumeLines(await other.hudOf("ses_c"))).toEqual([]);
  });

  test("a session stopped while its sub-agent ran is still the one offered, not the sub-agent", async () => {
    const oc = await ws.instance("repo");
    await unfinished(oc, "ses_parent");
    await oc.event("session.created", { info: { id: "ses_sub", parentID: "ses_parent" } });
    await oc.hud("ses_sub", "notes.add", { content: "sub-agent finding" });
    // the sub-agent made the project's last call
    await oc.hudOf("ses_sub");
    await oc.stop();
    const next = await ws.instance("repo");
    expect(resumeLines(await next.hudOf("ses_new"))).toEqual([
      '**Resume** last session left "Move uploads to object storage" with 2 open steps; take it over with `hud resume`',
    ]);
    await next.hud("ses_new", "resume");
    expect(await next.hud("ses_new", "task.get")).toBe("t: Move uploads to object storage (resumed from ses_parent)");
  });

  test("the hint disappears once the session edits its own HUD", async () => {
    const old = await ws.instance("repo");
    await unfinished(old, "ses_old");
    await old.stop();
    const oc = await ws.instance("repo");
    expect(resumeLines(await oc.hudOf("ses_new"))).toHaveLength(1);
    await oc.hud("ses_new", "notes.add", { content: "something else entirely" });
    expect(resumeLines(await oc.hudOf("ses_new"))).toEqual([]);
  });
});

describe("hud resume", () => {
  test("copies the task and open steps as events; history says where they came from; a second resume is refused", async () => {
    const old = await ws.instance("repo");
    await unfinished(old, "ses_old");
    await old.stop();
    const oc = await ws.instance("repo");
    await oc.hudOf("ses_new");
    expect(await oc.hud("ses_new", "resume")).toBe(
      "ok: resumed t, s1, s2 (task and open steps copied into this session)",
    );

    const hud = await oc.hudOf("ses_new");
    expect(hud).toContain("Move uploads to object storage");
    expect(hud).toContain("s1: copy existing files");
    expect(hud).toContain("s2: delete the local volume");
    expect(hud).not.toContain("add the storage client");
    expect(resumeLines(hud)).toEqual([]);
    expect(await oc.hud("ses_new", "task.get")).toBe("t: Move uploads to object storage (resumed from ses_old)");
    expect(await oc.hud("ses_new", "snapshot")).toContain("resumed from: ses_old");

    const history = await oc.hud("ses_new", "history");
    const line = history.split("\n").find((l) => / session resume /.test(l));
    expect(line).toContain("fromSessionID=ses_old");
    expect(line).toContain("task=Move uploads to object storage");
    expect(line).toContain('steps=["copy existing files","delete the local volume"]');

    const before = await oc.hud("ses_new", "snapshot");
    expect(await failure(oc.hud("ses_new", "resume"))).toBe(
      "resume: this session already resumed from ses_old; its task and steps are in the HUD (steps.list)",
    );
    expect(await oc.hud("ses_new", "snapshot")).toBe(before);
    // the earlier session keeps its own copy untouched
    expect(await oc.hud("ses_old", "steps.list", { scope: "session" })).toContain("[x] s1: add the storage client");
  });

  test("with nothing to take over, resume is one error line and changes nothing", async () => {
    const oc = await ws.instance("repo");
    expect(await failure(oc.hud("ses_first", "resume"))).toBe(
      "resume: no earlier session of this project left a task or open steps",
    );
    await oc.hud("ses_first", "notes.add", { content: "finished cleanly" });
    await oc.hudOf("ses_first");
    expect(await failure(oc.hud("ses_second", "resume"))).toBe(
      "resume: no earlier session of this project left a task or open steps",
    );
    expect(await oc.hud("ses_second", "history")).toBe("no events yet");
  });
});
