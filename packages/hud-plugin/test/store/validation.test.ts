import { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import {
  isSessionID,
  isStreamName,
  projectKeyFor,
  projectStream,
  sessionStream,
  validateSessionID,
} from "../../src/store/index.ts";
import { STREAM, note, openStore, tempDir, text } from "./support.ts";

const HOSTILE = [
  "../x",
  "..",
  "a/b",
  "a\0b",
  "\0",
  "x'y",
  'x"y',
  "'; DROP TABLE events;--",
  "ses 1",
  "",
  "a".repeat(129),
  "ümlaut",
  "%2e%2e",
];

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

describe("session ids", () => {
  test("plain opencode ids pass unchanged", () => {
    for (const id of ["ses_4f2a9c1b0e", "abc", "A-b_9", "a".repeat(128)]) expect(validateSessionID(id)).toBe(id);
  });

  test.each(HOSTILE)("%p is rejected with one line naming the expected shape", (id) => {
    expect(isSessionID(id)).toBe(false);
    expect(() => validateSessionID(id)).toThrow(
      /^invalid session id .*: expected 1-128 characters from A-Z a-z 0-9 _ -$/,
    );
    expect(() => sessionStream(id)).toThrow(/invalid session id/);
  });

  test("non-strings are rejected", () => {
    for (const id of [undefined, null, 42, {}, ["ses"]]) expect(isSessionID(id)).toBe(false);
  });

  test("the error line never carries control characters from the id", () => {
    try {
      validateSessionID("a\0b\nc");
    } catch (err) {
      expect((err as Error).message).not.toMatch(/[\0\n]/);
    }
    expect.assertions(1);
  });
});

describe("project keys and stream names", () => {
  test("projectKeyFor is the first 16 hex of sha256 of the worktree path", () => {
    const path = "/home/u/proj";
    expect(projectKeyFor(path)).toBe(createHash("sha256").update(path).digest("hex").slice(0, 16));
    expect(projectKeyFor(path)).toMatch(/^[0-9a-f]{16}$/);
    expect(projectKeyFor("/home/u/other")).not.toBe(projectKeyFor(path));
  });

  test("stream builders accept only validated parts", () => {
    expect(sessionStream("ses_1")).toBe("session:ses_1");
    expect(projectStream("0123456789abcdef")).toBe("project:0123456789abcdef");
    expect(() => projectStream("../../etc")).toThrow(/expected 16 lower-case hex/);
    for (const bad of [
      "session:../x",
      "session:",
      "project:XYZ",
      "events",
      "session:a;DROP",
      `session:${"a".repeat(129)}`,
    ]) {
      expect(isStreamName(bad)).toBe(false);
    }
  });
});

describe("hostile input reaching the store", () => {
  test.each(HOSTILE)("stream built from %p is rejected by append and read; nothing is written", (id) => {
    const { store, logs } = openStore(dir);
    const stream = `session:${id}`;
    expect(store.append(stream, [note(1)])).toEqual([]);
    expect(store.read(stream)).toEqual([]);
    expect(logs.filter((l) => l.level === "error")).toHaveLength(2);
    store.close();
    const db = new Database(join(dir, "hud.db"), { readonly: true });
    expect(db.query("SELECT count(*) AS n FROM events").get()).toEqual({ n: 0 });
    db.close();
    // The id never reaches the filesystem: the directory holds the database files and nothing else.
    expect(readdirSync(dir).filter((f) => !/^hud\.db(-wal|-shm)?$/.test(f))).toEqual([]);
  });

  test("SQL metacharacters, NUL and quotes inside event text are stored as data", () => {
    const { store } = openStore(dir);
    const nasty = ["'; DROP TABLE events;--", 'a"b', "x\0y", "../../etc/passwd", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 \u202e"];
    store.append(
      STREAM,
      nasty.map((content, i) => note(i, { content })),
    );
    store.touchSession({ sessionID: "ses_1", projectKey: projectKeyFor("'; DROP TABLE sessions;--"), now: 1 });
    expect(store.read(STREAM).map((e) => text(e))).toEqual(nasty);
    store.close();
    const db = new Database(join(dir, "hud.db"), { readonly: true });
    const tables = db.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all();
    expect(tables.map((t) => (t as { name: string }).name)).toEqual([
      "events",
      "schema_version",
      "sessions",
      "sqlite_sequence",
    ]);
    db.close();
  });

  test("touchSession with hostile ids records nothing", () => {
    const { store, logs } = openStore(dir);
    const key = projectKeyFor("/w");
    for (const id of HOSTILE) store.touchSession({ sessionID: id, projectKey: key, now: 1 });
    store.touchSession({ sessionID: "ses_ok", projectKey: key, parentID: "../x", now: 1 });
    store.touchSession({ sessionID: "ses_ok", projectKey: "not-a-key", now: 1 });
    expect(store.recentSessions(key, "none", 1)[0]).toBeUndefined();
    expect(logs.filter((l) => l.msg.includes("touchSession rejected"))).toHaveLength(HOSTILE.length + 2);
    store.close();
  });
});
