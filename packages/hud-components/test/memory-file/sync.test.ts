import { describe, expect, test } from "bun:test";
import { applyEvent, type HudState } from "../../src/index.ts";
import { memoryItemsOf, planRead, planWritten, writeMemoryFile } from "../../src/memory-file/index.ts";
import { parseMemoryFile } from "../../src/memory-file/parse.ts";
import { example, projectOf } from "./support.ts";

const FILE = ".opencode/hud/memory.md";

/** The database after writing its memory to the file (what the plugin records after a write). */
function written(state: HudState): { state: HudState; text: string } {
  const text = writeMemoryFile(memoryItemsOf(state));
  return {
    state: applyEvent(state, planWritten(state, parseMemoryFile(text), `h:${text.length}`, 90, FILE)).state,
    text,
  };
}

/** One read of `text` into `state`, as the plugin does before a HUD. */
function read(state: HudState, text: string, hash = `r:${text}`): HudState {
  const event = planRead(state, parseMemoryFile(text), hash, 100, FILE);
  return event ? applyEvent(state, event).state : state;
}

describe("the memory file", () => {
  test("reads like a change list: a title, the header, one line per item under fixed sections", () => {
    const text = writeMemoryFile(memoryItemsOf(projectOf(example)));
    const lines = text.split("\n");
    expect(lines[0]).toBe("# Project memory");
    const body = lines.slice(lines.indexOf("## Conventions")).join("\n");
    expect(body).toMatch(
      new RegExp(
        [
          "## Conventions\n\n- `@[0-9a-z]{7}` tests use bun test, never jest\n",
          "## Key files\n\n- `@[0-9a-z]{7}` `src/db/migrate.ts` — runs and reverts migrations\n",
          "## Decisions\n\n- `@[0-9a-z]{7}` \\*\\*Postgres 16 everywhere\\*\\* — matches production\n",
          "## Notes\n\n- `@[0-9a-z]{7}` the staging database is read-only on Fridays\n",
          "## Next steps\n\n- \\[ ] `@[0-9a-z]{7}` drop the legacy sessions table\n$",
        ].join("\n"),
      ),
    );
  });

  test("a second clone (empty database) reads the same items with the same keys", () => {
    const a = written(projectOf(example));
    const b = read(projectOf([]), a.text);
    expect(memoryItemsOf(b)).toEqual(memoryItemsOf(a.state));
    expect(b.conventions[0]!.id).toBe("c1");
    // nothing to write back: the file already says what the database holds
    expect(writeMemoryFile(memoryItemsOf(b))).toBe(a.text);
  });

  test("a changed text keeps the item (same local id), a deleted line removes it", () => {
    const a = written(projectOf(example));
    const edited = a.text
      .replace("never jest", "never jest or vitest")
      .split("\n")
      .filter((line) => !line.includes("staging database"))
      .join("\n");
    const next = read(a.state, edited);
    expect(next.conventions).toMatchObject([{ id: "c1", content: "tests use bun test, never jest or vitest" }]);
    expect(next.notes).toEqual([]);
    expect(next.keyfiles).toEqual(a.state.keyfiles);
  });

  test("a person's line without a tag becomes an item; reading it twice (two processes) adds it once", () => {
    const a = written(projectOf(example));
    const edited = a.text.replace("## Key files", "- commit messages say why\n\n## Key files");
    const once = read(a.state, edited);
    const event = planRead(a.state, parseMemoryFile(edited), "x", 100, FILE)!;
    const twice = applyEvent(once, event).state;
    expect(once.conventions.map((c) => c.content)).toEqual([
      "tests use bun test, never jest",
      "commit messages say why",
    ]);
    expect(twice.conventions).toEqual(once.conventions);
    // the same file again, once its read is recorded, is nothing to do
    expect(planRead(once, parseMemoryFile(edited), `r:${edited}`, 100, FILE)).toBeUndefined();
  });

  test("an item the agent added after the last write is not taken for a deleted line", () => {
    const a = written(projectOf(example));
    const added = applyEvent(a.state, { kind: "convention.add", at: 50, content: "use pnpm" }).state;
    const next = read(added, a.text.replace("never jest", "never jest!"));
    expect(next.conventions.map((c) => c.content)).toEqual(["tests use bun test, never jest!", "use pnpm"]);
  });

  test("an item the agent removed after the last write does not come back from the stale file", () => {
    const a = written(projectOf(example));
    const removed = applyEvent(a.state, { kind: "convention.remove", at: 50, id: "c1" }).state;
    expect(read(removed, `${a.text}\n`).conventions).toEqual([]);
  });

  test("conflict markers: what is inside is neither applied nor deleted; one line says where", () => {
    const a = written(projectOf(example));
    const lines = a.text.split("\n");
    const at = lines.findIndex((line) => line.includes("never jest"));
    const conflicted = [
      ...lines.slice(0, at),
      "<<<<<<< HEAD",
      lines[at]!,
      "=======",
      "- `@zzzzzzz` tests use vitest",
      ">>>>>>> theirs",
      ...lines.slice(at + 1),
    ].join("\n");
    const parsed = parseMemoryFile(conflicted);
    expect(parsed.conflicts).toBe(true);
    const event = planRead(a.state, parsed, "c", 100, FILE)!;
    expect(event.remove).toBeUndefined();
    expect(event.add).toBeUndefined();
    expect(event.problem).toBe(
      `${FILE}: could not read lines ${at + 1}–${at + 5} (merge conflict markers); kept as written`,
    );
    const next = applyEvent(a.state, event).state;
    expect(next.conventions).toEqual(a.state.conventions);
    expect(next.memoryFile?.problem).toBe(event.problem);
  });

  test("a hand-written section is kept as written when the file is rewritten, and reported", () => {
    const a = written(projectOf(example));
    const edited = `${a.text}\n## Ideas\n\n- try   sqlite FTS5\n`;
    const parsed = parseMemoryFile(edited);
    expect(parsed.items).toEqual(memoryItemsOf(a.state));
    expect(parsed.unread.map((p) => p.text)).toEqual(["## Ideas\n\n- try   sqlite FTS5"]);
    const rewritten = writeMemoryFile(
      memoryItemsOf(a.state),
      parsed.unread.map((p) => p.text),
    );
    expect(rewritten).toContain("## Ideas\n\n- try   sqlite FTS5\n");
    expect(parseMemoryFile(rewritten).items).toEqual(memoryItemsOf(a.state));
  });

  test("a checked box completes a step; a moved line changes the item's section, not its key", () => {
    const a = written(projectOf(example));
    const key = memoryItemsOf(a.state).find((i) => i.section === "notes")!.key;
    const noteLine = a.text.split("\n").find((line) => line.includes(key))!;
    const edited = a.text
      .replace("- [ ] `", "- [x] `")
      .replace(`${noteLine}\n`, "")
      .replace("## Key files", `${noteLine}\n\n## Key files`);
    const next = read(a.state, edited);
    expect(next.steps[0]!.done).toBe(true);
    expect(next.notes).toEqual([]);
    expect(next.conventions.map((c) => c.key ?? "")).toContain(key);
  });
});
