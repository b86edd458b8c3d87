import { afterEach, beforeEach, describe, expect, spyOn, test } from "bun:test";
import * as fs from "node:fs";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { relaxTimeLimits } from "../agent-components/support.ts";
import { workspace, type Instance, type Workspace } from "../project/support.ts";

const MEMORY = ".opencode/hud/memory.md";
let ws: Workspace;
beforeEach(() => {
  ws = workspace();
});
afterEach(() => ws.close());

const fileOf = (oc: Instance) => join(oc.directory, MEMORY);

/** The write is debounced: wait until the file holds `text` (or `absent`), then return it. */
async function fileHolds(oc: Instance, text: string, absent = false): Promise<string> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const now = existsSync(fileOf(oc)) ? readFileSync(fileOf(oc), "utf8") : "";
    if (now.includes(text) !== absent) return now;
    if (Date.now() > deadline) throw new Error(`${MEMORY} never ${absent ? "lost" : "held"} "${text}":\n${now}`);
    await Bun.sleep(25);
  }
}

const count = (text: string, needle: string) => text.split(needle).length - 1;

test("an edit that lands right after the plugin's own write is read as the person's, not taken for that write", async () => {
  const oc = await ws.instance("repo");
  const rename = fs.renameSync;
  let emptied = false;
  // the person empties the file the instant the plugin's write appears, before the plugin looks at it again
  const spy = spyOn(fs, "renameSync").mockImplementation((from, to) => {
    rename(from, to);
    if (!String(to).endsWith(MEMORY)) return;
    spy.mockRestore();
    writeFileSync(to, "");
    emptied = true;
  });
  try {
    await oc.hud("ses_a", "conventions.add", { content: "money is integer cents" });
    const deadline = Date.now() + 5_000;
    while (!emptied) {
      if (Date.now() > deadline) throw new Error(`${MEMORY} was never written`);
      await Bun.sleep(25);
    }
  } finally {
    spy.mockRestore();
  }
  const hud = await oc.hudOf("ses_a");
  expect(hud).toMatch(/memory\.md has no title and no section/);
  expect(hud).toContain("money is integer cents");
  expect(readFileSync(fileOf(oc), "utf8")).toBe("");
});

describe("the memory file with several opencode processes on one checkout", () => {
  test("an agent change is written once, read by the other process without a duplicate, and nobody rewrites it", async () => {
    const [one, two] = [await ws.instance("repo"), await ws.instance("repo")];
    expect(await one.hud("ses_a", "conventions.add", { content: "tests use bun test" })).toBe(
      "ok: added convention c1",
    );
    const written = await fileHolds(one, "tests use bun test");
    const stamp = statSync(fileOf(one)).mtimeMs;
    for (let i = 0; i < 3; i++) {
      expect(count(await two.hudOf("ses_b"), "convention: tests use bun test")).toBe(1);
      expect(count(await one.hudOf("ses_a"), "convention: tests use bun test")).toBe(1);
    }
    // both processes exit: a write either still had due is made now, so "nobody rewrites it" is final
    await one.stop();
    await two.stop();
    expect(readFileSync(fileOf(one), "utf8")).toBe(written);
    expect(statSync(fileOf(one)).mtimeMs).toBe(stamp);
    expect(readdirSync(join(one.directory, ".opencode/hud")).sort()).toEqual([".gitattributes", "memory.md"]);
  });

  test("a person's edit reaches both processes once, keeps the item's id, and history names the file", async () => {
    const [one, two] = [await ws.instance("repo"), await ws.instance("repo")];
    await one.hud("ses_a", "conventions.add", { content: "tests use bun test" });
    await one.hud("ses_a", "keyfiles.add", { path: "src/db/schema.ts" });
    const text = await fileHolds(one, "src/db/schema.ts");
    writeFileSync(
      fileOf(one),
      text
        .replace("tests use bun test", "tests use bun test --coverage")
        .replace("## Notes\n", "## Notes\n\n- ask before dropping tables\n"),
    );
    const [seenTwo, seenOne] = [await two.hudOf("ses_b"), await one.hudOf("ses_a")];
    for (const seen of [seenOne, seenTwo]) {
      expect(count(seen, "c1 convention: tests use bun test --coverage")).toBe(1);
      expect(count(seen, "note: ask before dropping tables")).toBe(1);
    }
    const history = await one.hud("ses_a", "history", {});
    expect(history).toMatch(/project memory\.sync by=memory-file add=.*ask before dropping tables/);
    // the untagged line gets its tag when the file is next written, and the item stays one item
    await one.hud("ses_a", "notes.add", { content: "staging is read-only", scope: "project" });
    const rewritten = await fileHolds(one, "staging is read-only");
    expect(rewritten).toMatch(/^- `@[0-9a-z]{7}` ask before dropping tables$/m);
    expect(count(await two.hudOf("ses_b"), "ask before dropping tables")).toBe(1);
  });
});

describe("the project's agent components in the memory file", () => {
  // defined however busy the machine is
  let undo: () => void;
  beforeEach(() => {
    undo = relaxTimeLimits();
  });
  afterEach(() => undo());
  test("a project-scope component is listed by name, never its code; removing it removes the line", async () => {
    const oc = await ws.instance("repo");
    const source = "export default function Tables() { return <paragraph>tables code body</paragraph>; }";
    expect(await oc.hud("ses_a", "components.define", { name: "Tables", source, scope: "project" })).toStartWith(
      "ok: defined component Tables (project)",
    );
    const written = await fileHolds(oc, "## Agent components");
    expect(written).toContain("- `Tables`");
    expect(written).not.toContain("tables code body");
    // a session component is this session's own: not in the file
    await oc.hud("ses_a", "components.define", { name: "Mine", source: source.replace("Tables", "Mine") });
    await oc.hud("ses_a", "components.remove", { name: "Tables" });
    const after = await fileHolds(oc, "## Agent components", true);
    expect(after).not.toContain("Mine");
  });
});

describe("a process that never wrote its change", () => {
  test("an item another process recorded but did not write (it stopped first) is written by this one", async () => {
    const writer = await ws.instance("repo");
    await writer.hud("ses_a", "conventions.add", { content: "tests use bun test" });
    await fileHolds(writer, "tests use bun test");
    // a process with the file off stands for one that stopped inside the write's debounce
    const silent = await ws.instance("repo", { memoryFile: { enabled: false } });
    await silent.hud("ses_b", "conventions.add", { content: "commit messages say why" });
    await writer.hudOf("ses_a");
    await fileHolds(writer, "commit messages say why");
  });
});

describe("a file that does not parse cleanly", () => {
  test("conflict markers: the HUD says where in one line, items inside are kept, the file is not rewritten", async () => {
    const oc = await ws.instance("repo");
    await oc.hud("ses_a", "conventions.add", { content: "tests use bun test" });
    const text = await fileHolds(oc, "tests use bun test");
    const conflicted = text.replace(
      /^(- `@\w+` tests use bun test)$/m,
      "<<<<<<< HEAD\n$1\n=======\n- use vitest\n>>>>>>> theirs",
    );
    writeFileSync(fileOf(oc), conflicted);
    const seen = await oc.hudOf("ses_a");
    const problem = seen.split("\n").filter((line) => line.includes("could not read"));
    expect(problem).toEqual([
      expect.stringMatching(
        /^\*\*Memory file\*\* \.opencode\/hud\/memory\.md: could not read lines \d+–\d+ \(merge conflict markers\); kept as written$/,
      ),
    ]);
    expect(seen).toContain("c1 convention: tests use bun test");
    expect(seen).not.toContain("use vitest");
    await oc.hud("ses_a", "conventions.add", { content: "commit messages say why" });
    await oc.stop(); // flushes a due write: none may be made over the conflict
    expect(readFileSync(fileOf(oc), "utf8")).toBe(conflicted);
  });
});

describe("options", () => {
  test("memoryFile.enabled false: no file is written and none is read", async () => {
    const oc = await ws.instance("repo", { memoryFile: { enabled: false } });
    mkdirSync(join(oc.directory, ".opencode/hud"), { recursive: true });
    writeFileSync(fileOf(oc), "# Project memory\n\n## Conventions\n\n- `@abcdefg` from the file\n");
    await oc.hud("ses_a", "conventions.add", { content: "tests use bun test" });
    expect(await oc.hudOf("ses_a")).not.toContain("from the file");
    await oc.stop(); // flushes a due write: with the option off there is none
    expect(readFileSync(fileOf(oc), "utf8")).not.toContain("tests use bun test");
    // the same file with the option on is read: the negative check above is about the option
    const on = await ws.instance("repo");
    expect(await on.hudOf("ses_b")).toContain("from the file");
  });

  test('memoryFile.git "ignore" keeps the file out of git with a .gitignore beside it', async () => {
    const oc = await ws.instance("repo", { memoryFile: { git: "ignore" } });
    await oc.hud("ses_a", "conventions.add", { content: "tests use bun test" });
    await fileHolds(oc, "tests use bun test");
    expect(readFileSync(join(oc.directory, ".opencode/hud/.gitignore"), "utf8")).toContain("memory.md");
    expect(existsSync(join(oc.directory, ".opencode/hud/.gitattributes"))).toBe(false);
  });
});

describe("what the memory file receives passes the strictest check", () => {
  test("a project item still secret-shaped after redaction is refused with one line and never written", async () => {
    const oc = await ws.instance("repo");
    expect(await oc.hud("ses_a", "conventions.add", { content: "tests use bun test" })).toBe("ok: added convention c1");
    await fileHolds(oc, "tests use bun test");
    // a random run that no rule names (no prefix, no secret-like word near it): the redactor keeps it
    const run = "Qm7tR2vX9pL4kW8nZ3cF6hJ1sD5gB0yA4eU7iO2q";
    const refused = oc.hud("ses_a", "notes.add", { content: `staging uses ${run} for the deploy`, scope: "project" });
    await expect(refused).rejects.toThrow(/^refused: project memory is written to \.opencode\/hud\/memory\.md/);
    const message = await refused.catch((error: Error) => error.message);
    expect(message.split("\n")).toHaveLength(1);
    // nothing was saved: a later write (the next item) does not carry it either
    await oc.hud("ses_a", "conventions.add", { content: "migrations ship with their down step" });
    const text = await fileHolds(oc, "migrations ship with their down step");
    expect(text).not.toContain(run.slice(0, 12));
    expect(await oc.hudOf("ses_a")).not.toContain(run.slice(0, 12));
  });
});
