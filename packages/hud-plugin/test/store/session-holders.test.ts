import { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { SCHEMA_VERSION, projectKeyFor } from "../../src/store/index.ts";
import { openStore, tempDir } from "./support.ts";

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

const key = projectKeyFor("/repo/a");

// The holder is the plugin instance that last touched a session; the resume hint uses it to skip live sessions.
describe("session holders", () => {
  test("recentSessions lists the project's other top-level sessions newest first, each with its latest holder", () => {
    const { store } = openStore(dir);
    store.touchSession({ sessionID: "ses_1", projectKey: key, now: 10, holder: "1@h#a" });
    store.touchSession({ sessionID: "ses_2", projectKey: key, now: 20, holder: "2@h#b" });
    store.touchSession({ sessionID: "ses_sub", projectKey: key, now: 25, parentID: "ses_2", holder: "2@h#b" });
    store.touchSession({ sessionID: "ses_1", projectKey: key, now: 30, holder: "3@h#c" });
    // a late write of an older touch keeps the newer holder
    store.touchSession({ sessionID: "ses_2", projectKey: key, now: 15, holder: "9@h#z" });
    expect(store.recentSessions(key, "ses_9")).toEqual([
      { sessionID: "ses_1", updatedAt: 30, holder: "3@h#c" },
      { sessionID: "ses_2", updatedAt: 20, holder: "2@h#b" },
    ]);
    expect(store.recentSessions(key, "ses_1", 1)).toEqual([{ sessionID: "ses_2", updatedAt: 20, holder: "2@h#b" }]);
    store.close();
  });

  test("touches buffered while the database is read-only carry their holder, and keep it when flushed", () => {
    let readonly = true;
    const { store } = openStore(dir, { seams: { forceReadonly: () => readonly } });
    store.touchSession({ sessionID: "ses_1", projectKey: key, now: 10, holder: "1@h#a" });
    store.touchSession({ sessionID: "ses_2", projectKey: key, now: 20 });
    expect(store.status().mode).toBe("degraded");
    expect(store.recentSessions(key, "ses_9")).toEqual([
      { sessionID: "ses_2", updatedAt: 20 },
      { sessionID: "ses_1", updatedAt: 10, holder: "1@h#a" },
    ]);
    readonly = false;
    expect(store.flush()).toBe(true);
    store.close();
    const { store: fresh } = openStore(dir);
    expect(fresh.recentSessions(key, "ses_9")[1]).toEqual({ sessionID: "ses_1", updatedAt: 10, holder: "1@h#a" });
    fresh.close();
  });

  test("a database from before holders were recorded is upgraded in place; its sessions have no holder", () => {
    const { store } = openStore(dir);
    store.touchSession({ sessionID: "ses_1", projectKey: key, now: 10 });
    store.close();
    const db = new Database(join(dir, "hud.db"));
    db.run("ALTER TABLE sessions DROP COLUMN holder");
    db.run("UPDATE schema_version SET version = 1");
    db.close();
    const { store: upgraded } = openStore(dir);
    expect(upgraded.recentSessions(key, "ses_9")).toEqual([{ sessionID: "ses_1", updatedAt: 10 }]);
    upgraded.touchSession({ sessionID: "ses_1", projectKey: key, now: 11, holder: "1@h#a" });
    expect(upgraded.recentSessions(key, "ses_9")).toEqual([{ sessionID: "ses_1", updatedAt: 11, holder: "1@h#a" }]);
    upgraded.close();
    const check = new Database(join(dir, "hud.db"), { readonly: true });
    expect(check.query("SELECT version FROM schema_version").get()).toEqual({ version: SCHEMA_VERSION });
    check.close();
  });

  test("a touch with a holder that is not a short string is refused with one error line", () => {
    const { store, logs } = openStore(dir);
    store.touchSession({ sessionID: "ses_1", projectKey: key, now: 10, holder: 42 as unknown as string });
    expect(store.recentSessions(key, "ses_9")).toEqual([]);
    expect(logs.some((l) => l.level === "error" && l.msg.includes("touchSession rejected"))).toBe(true);
    store.close();
  });
});
