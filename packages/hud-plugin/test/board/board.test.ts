import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HudBoard, type BoardRender } from "../../src/store/index.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "hud-board-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const shown = (markdown: string, at: number, percent = 10): BoardRender => ({
  markdown,
  density: "full",
  tokens: 12,
  omitted: { notes: 2 },
  context: { usedTokens: percent * 1000, usableTokens: 100_000, percent, critical: percent >= 92 },
  at,
});

describe("the board of shown HUDs", () => {
  test("keeps the latest render per session and kind, readable from another connection", () => {
    const server = HudBoard.open(dir);
    const person = HudBoard.open(dir);
    server.publish("ses_a", "p1", "received", shown("# one", 1));
    server.publish("ses_a", "p1", "current", shown("# one", 1));
    server.publish("ses_a", "p1", "current", shown("# two", 2));
    expect(person.latest("ses_a", "received")).toEqual(shown("# one", 1));
    expect(person.latest("ses_a", "current")?.markdown).toBe("# two");
    expect(person.latest("ses_b", "current")).toBeUndefined();
    server.close();
    person.close();
  });

  test("the latest session of a project is the one shown most recently", () => {
    const board = HudBoard.open(dir);
    board.publish("ses_a", "p1", "received", shown("a", 5));
    board.publish("ses_b", "p1", "received", shown("b", 9));
    board.publish("ses_c", "p2", "received", shown("c", 20));
    expect(board.latestSession("p1")).toBe("ses_b");
    expect(board.latestSession()).toBe("ses_c");
    expect(board.latestSession("p3")).toBeUndefined();
    board.close();
  });

  test("the switch is per session and on by default", () => {
    const board = HudBoard.open(dir);
    expect(board.isOff("ses_a")).toBe(false);
    board.setOff("ses_a", true, 1);
    expect(board.isOff("ses_a")).toBe(true);
    expect(board.isOff("ses_b")).toBe(false);
    board.setOff("ses_a", false, 2);
    expect(board.isOff("ses_a")).toBe(false);
    board.close();
  });

  test("a project's switch covers its sessions; the switch written last holds, even within one millisecond", () => {
    const board = HudBoard.open(dir);
    board.publish("ses_a", "p1", "current", shown("a", 1));
    board.setProjectOff("p1", true, 5);
    // the session's project is read from its renders when the caller does not name it
    expect([board.offBy("ses_a"), board.offBy("ses_new", "p1"), board.offBy("ses_new", "p2")]).toEqual([
      "project",
      "project",
      undefined,
    ]);
    board.setOff("ses_a", false, 5);
    expect(board.isOff("ses_a")).toBe(false);
    board.setProjectOff("p1", true, 5);
    expect(board.offBy("ses_a")).toBe("project");
    board.setOff("ses_a", true, 5);
    board.setProjectOff("p1", false, 5);
    expect([board.isOff("ses_a"), board.isProjectOff("p1")]).toEqual([false, false]);
    board.close();
  });

  test("version changes when another connection commits, not on reads", () => {
    const reader = HudBoard.open(dir);
    const writer = HudBoard.open(dir);
    const v1 = reader.version();
    reader.latest("ses_a", "current");
    expect(reader.version()).toBe(v1);
    writer.publish("ses_a", "p1", "current", shown("x", 1));
    expect(reader.version()).not.toBe(v1);
    reader.close();
    writer.close();
  });

  test("a row that does not fit the schema reads as absent", () => {
    const board = HudBoard.open(dir);
    board.publish("ses_a", "p1", "current", shown("x", 1));
    const db = new Database(join(dir, "hud.db"));
    db.run("UPDATE hud_shown SET shown = '{\"markdown\": 3}'");
    db.close();
    expect(board.latest("ses_a", "current")).toBeUndefined();
    board.close();
  });

  test("after close, writes are dropped quietly (a render recorded after dispose)", () => {
    const logged: string[] = [];
    const board = HudBoard.open(dir, (_level, message) => logged.push(message));
    board.close();
    board.publish("ses_a", "p1", "current", shown("late", 1));
    expect(board.latest("ses_a", "current")).toBeUndefined();
    expect(logged).toEqual([]);
    const reader = HudBoard.open(dir);
    expect(reader.latest("ses_a", "current")).toBeUndefined();
    reader.close();
  });

  test("a database that cannot be opened is logged once and reads as nothing known, without throwing", () => {
    const blocked = join(dir, "file");
    writeFileSync(blocked, "not a directory");
    const logged: string[] = [];
    const board = HudBoard.open(blocked, (_level, message) => logged.push(message));
    expect(board.latest("ses_a", "current")).toBeUndefined();
    expect(board.isOff("ses_a")).toBe(false);
    board.publish("ses_a", "p1", "current", shown("x", 1));
    board.publish("ses_a", "p1", "current", shown("x", 2));
    expect(board.failures).toBeGreaterThan(0);
    expect(logged.filter((m) => m.includes("publish"))).toHaveLength(1);
  });
});
