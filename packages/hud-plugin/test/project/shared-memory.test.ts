import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { failure, workspace, type Workspace } from "./support.ts";

let ws: Workspace;
beforeEach(() => {
  ws = workspace();
});
afterEach(() => ws.close());

describe("project memory in one process", () => {
  test("every kind of project item reaches the other sessions of the project, in its own section with ids", async () => {
    const oc = await ws.instance("repo");
    expect(
      await oc.hud("ses_a", "notes.add", { content: "the API is versioned by URL prefix", scope: "project" }),
    ).toBe("ok: added note pn1");
    expect(await oc.hud("ses_a", "decisions.record", { summary: "Postgres over MySQL", scope: "project" })).toBe(
      "ok: recorded decision pd1",
    );
    expect(
      await oc.hud("ses_a", "steps.add", { description: "drop the legacy sessions table", scope: "project" }),
    ).toBe("ok: added step ps1");
    expect(await oc.hud("ses_a", "conventions.add", { content: "tests use bun test" })).toBe("ok: added convention c1");
    expect(await oc.hud("ses_a", "keyfiles.add", { path: "src/db/schema.ts", note: "every table" })).toBe(
      "ok: added key file k1",
    );
    expect(await oc.hud("ses_a", "notes.add", { content: "only for this session" })).toBe("ok: added note n1");

    const other = await oc.hudOf("ses_b");
    const section = other.slice(other.indexOf("#### Project memory"));
    for (const line of [
      "- c1 convention: tests use bun test",
      "- k1 key file: `src/db/schema.ts` — every table",
      "- pd1 decision: Postgres over MySQL",
      "- pn1 note: the API is versioned by URL prefix",
      "- [ ] ps1: drop the legacy sessions table",
    ])
      expect(section).toContain(line);
    // no scope means the session: the first session's own note stays with it
    expect(other).not.toContain("only for this session");
    expect(await oc.hudOf("ses_a")).toContain("only for this session");
  });

  test("project items are edited by their ids from any session, and the change shows everywhere", async () => {
    const oc = await ws.instance("repo");
    await oc.hud("ses_a", "notes.add", { content: "first wording", scope: "project" });
    await oc.hud("ses_a", "steps.add", { description: "rotate the keys", scope: "project" });
    await oc.hud("ses_a", "conventions.add", { content: "no default exports" });
    expect(await oc.hud("ses_b", "notes.update", { id: "pn1", content: "second wording" })).toBe(
      "ok: updated note pn1",
    );
    expect(await oc.hud("ses_b", "steps.complete", { id: "ps1" })).toBe("ok: completed step ps1");
    expect(await oc.hud("ses_b", "conventions.remove", { id: "c1" })).toBe("ok: removed convention c1");
    const seen = await oc.hudOf("ses_a");
    expect(seen).toContain("pn1 note: second wording");
    expect(seen).toContain("- [x] ps1: rotate the keys");
    expect(seen).not.toContain("no default exports");
    // a session id is not a project id: the error names the scope and what exists there
    expect(await failure(oc.hud("ses_b", "notes.remove", { id: "pn7" }))).toBe(
      'notes.remove: no note with id "pn7" in project scope (known: pn1)',
    );
    expect(await failure(oc.hud("ses_b", "keyfiles.remove", { id: "n1" }))).toBe(
      'keyfiles.remove: "n1" is not a key file id of project scope',
    );
  });

  test("project.list, snapshot and help name the scopes", async () => {
    const oc = await ws.instance("repo");
    await oc.hud("ses_a", "conventions.add", { content: "tabs, not spaces" });
    await oc.hud("ses_a", "notes.add", { content: "shared", scope: "project" });
    await oc.hud("ses_a", "notes.add", { content: "mine" });
    const list = await oc.hud("ses_b", "project.list");
    expect(list).toContain("conventions (project):\n  c1: tabs, not spaces");
    expect(list).toContain("notes (project):\n  pn1: shared");
    expect(list).not.toContain("mine");
    const snapshot = await oc.hud("ses_a", "snapshot");
    expect(snapshot).toContain("notes (session):\n  n1: mine");
    expect(snapshot).toContain("notes (project):\n  pn1: shared");
    const help = await oc.hud("ses_a", "help");
    expect(help).toMatch(
      /^notes\.add \{ content: non-blank string, scope\?: "session" \| "project" \} — .* \[session\|project\]$/m,
    );
    expect(help).toMatch(/^conventions\.add \{ content: non-blank string \} — .* \[project\]$/m);
    expect(help).toMatch(/^notes\.remove \{ id: string \} — .* \[scope from id\]$/m);
  });

  test("a sub-agent sees project items, its parent's task and decisions, and no resume hint", async () => {
    const oc = await ws.instance("repo");
    await oc.hud("ses_parent", "task.set", { description: "Split the monolith" });
    await oc.hud("ses_parent", "decisions.record", { summary: "extract billing first" });
    await oc.hud("ses_parent", "keyfiles.add", { path: "src/billing/index.ts" });
    await oc.hudOf("ses_parent");
    await oc.event("session.created", { info: { id: "ses_child", parentID: "ses_parent" } });
    const child = await oc.hudOf("ses_child");
    expect(child).toContain("Split the monolith");
    expect(child).toContain("extract billing first");
    expect(child).toContain("k1 key file: `src/billing/index.ts`");
    // the parent is the project's last session and has an unfinished task, but it is not the child's to take over
    expect(child).not.toContain("**Resume**");
    expect(await failure(oc.hud("ses_child", "resume"))).toMatch(/^resume: /);
  });
});

describe("project memory across processes", () => {
  test("two processes on one worktree see each other's project items on their next call", async () => {
    const one = await ws.instance("repo");
    const two = await ws.instance("repo");
    // both have folded the (empty) project stream before the other writes to it
    expect(await one.hudOf("ses_1")).not.toContain("Project memory");
    expect(await two.hudOf("ses_2")).not.toContain("Project memory");

    await one.hud("ses_1", "conventions.add", { content: "commit messages in imperative mood" });
    expect(await two.hudOf("ses_2")).toContain("c1 convention: commit messages in imperative mood");
    await two.hud("ses_2", "notes.add", { content: "staging is read-only on Fridays", scope: "project" });
    expect(await one.hudOf("ses_1")).toContain("pn1 note: staging is read-only on Fridays");

    // ids keep counting across processes, and removals travel too
    expect(await two.hud("ses_2", "conventions.add", { content: "one PR per issue" })).toBe("ok: added convention c2");
    expect(await one.hud("ses_1", "conventions.remove", { id: "c1" })).toBe("ok: removed convention c1");
    const seen = await two.hudOf("ses_2");
    expect(seen).not.toContain("imperative mood");
    expect(seen).toContain("c2 convention: one PR per issue");
  });

  test("another worktree sharing the database file sees none of it", async () => {
    const here = await ws.instance("repo");
    const elsewhere = await ws.instance("other-repo");
    await here.hud("ses_1", "conventions.add", { content: "only for repo" });
    await here.hud("ses_1", "notes.add", { content: "also only for repo", scope: "project" });
    const foreign = await elsewhere.hudOf("ses_9");
    expect(foreign).not.toContain("only for repo");
    expect(await elsewhere.hud("ses_9", "project.list")).not.toContain("only for repo");
    // and its own project memory starts at its own first ids
    expect(await elsewhere.hud("ses_9", "conventions.add", { content: "other rules" })).toBe("ok: added convention c1");
    expect(await here.hudOf("ses_1")).not.toContain("other rules");
  });
});
