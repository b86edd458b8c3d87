import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { linkedSession, linkSession } from "../../../src/host/claude-code/process-link.ts";
import { processKey } from "../../../src/hook-process/process-key.ts";
import { readSessionFile, writeSessionFile } from "../../../src/append-only/session-file.ts";

describe("what hooks hand each other", () => {
  test("the session file round-trips, owner-only; an unreadable one reads as fresh", () => {
    const dir = mkdtempSync(join(tmpdir(), "cc-files-"));
    const id = crypto.randomUUID();
    expect(readSessionFile(dir, id)).toEqual({ offset: 0 });
    const file = { offset: 42, emission: { full: "a", shown: "b", changes: 1 } };
    writeSessionFile(dir, id, file);
    const path = join(dir, "claude-code", "sessions", `${id}.json`);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, "claude-code")).mode & 0o777).toBe(0o700);
    expect(readSessionFile(dir, id)).toEqual(file);
    writeFileSync(path, "{broken");
    expect(readSessionFile(dir, id)).toEqual({ offset: 0 });
  });

  test("a hook's link names its session for the server under the same parent; without one, the start env", () => {
    const dir = mkdtempSync(join(tmpdir(), "cc-links-"));
    const started = crypto.randomUUID();
    // this test process stands for the server: its parent is the first process a hook here links under
    expect(linkedSession(dir, { CLAUDE_CODE_SESSION_ID: started })).toBe(started);
    expect(linkedSession(dir, { CLAUDE_CODE_SESSION_ID: "../../etc" })).toBeUndefined();
    const cleared = crypto.randomUUID();
    linkSession(dir, cleared);
    expect(linkedSession(dir, { CLAUDE_CODE_SESSION_ID: started })).toBe(cleared);
    const key = processKey(process.ppid);
    expect(readFileSync(join(dir, "claude-code", "links", key), "utf8")).toBe(cleared);
  });
});

describe("purge", () => {
  test("removes a purged session's file and leaves the others", async () => {
    const { forgetSessionFiles } = await import("../../../src/append-only/session-file.ts");
    const dir = mkdtempSync(join(tmpdir(), "cc-purge-"));
    const [gone, kept] = [crypto.randomUUID(), crypto.randomUUID()];
    writeSessionFile(dir, gone, { offset: 1 });
    writeSessionFile(dir, kept, { offset: 2 });
    writeFileSync(join(dir, "outside.json"), "{}");
    forgetSessionFiles(dir, [gone, "../../outside"]);
    expect(readFileSync(join(dir, "outside.json"), "utf8")).toBe("{}");
    expect(readSessionFile(dir, gone)).toEqual({ offset: 0 });
    expect(readSessionFile(dir, kept)).toEqual({ offset: 2 });
  });
});
