// The store never follows a link: a data folder, hud.db, recall.db or a side file that is a link (symbolic
// or hard) is refused with one log line, the HUD runs from memory, and the file the link points at is
// neither written nor chmodded. A shared folder (storageDir "~") keeps its own mode.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Recall } from "../../src/recall/recall.ts";
import { RecallIndex } from "../../src/recall/index.ts";
import { EventStore, HudBoard } from "../../src/store/index.ts";
import { LinkRefused } from "../../src/store/private-files.ts";

let root: string;
let dir: string;
let outside: string;
let umask: number;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "hud-links-"));
  dir = join(root, "data");
  mkdirSync(dir, { mode: 0o700 });
  outside = join(root, "elsewhere", "precious.txt");
  mkdirSync(join(root, "elsewhere"));
  writeFileSync(outside, "not the plugin's\n");
  chmodSync(outside, 0o644);
  umask = process.umask(0);
});
afterEach(() => {
  process.umask(umask);
  rmSync(root, { recursive: true, force: true });
});

const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);

function openLogged(at: string) {
  const lines: string[] = [];
  let clock = 0;
  const store = EventStore.open({
    dir: at,
    log: (level, message) => void lines.push(`${level} ${message}`),
    retryAfterMs: 0,
    seams: { now: () => (clock += 1_000) },
  });
  return { store, lines };
}

function expectRefusedAndUntouched(at: string, kind: RegExp) {
  const { store, lines } = openLogged(at);
  // several writes, each a retry of the open: the store degrades, never throws, says it once
  for (let i = 0; i < 5; i++) {
    expect(() => store.append("session:ses_a", [{ kind: "note.add", at: i, content: `n${i}` }])).not.toThrow();
    store.flush();
  }
  expect(store.status().mode).toBe("degraded");
  expect(store.read("session:ses_a").map((e) => (e.event as { content: string }).content)).toEqual([
    "n0",
    "n1",
    "n2",
    "n3",
    "n4",
  ]);
  const refusals = lines.filter((l) => l.includes("does not follow links"));
  expect(refusals).toHaveLength(1);
  expect(refusals[0]).toMatch(kind);
  store.close();
  expect(mode(outside)).toBe("644");
  expect(readFileSync(outside, "utf8")).toBe("not the plugin's\n");
}

describe("the event store never follows a link", () => {
  test("hud.db a symbolic link to a file outside the folder: refused, the file unchanged", () => {
    symlinkSync(outside, join(dir, "hud.db"));
    expectRefusedAndUntouched(dir, /hud\.db is a symbolic link/);
  });

  test("hud.db a dangling symbolic link: refused, nothing created where it points", () => {
    const target = join(root, "elsewhere", "new.db");
    symlinkSync(target, join(dir, "hud.db"));
    expectRefusedAndUntouched(dir, /is a symbolic link/);
    expect(existsSync(target)).toBe(false);
  });

  test("hud.db a hard link to a file outside the folder: refused, the file unchanged", () => {
    linkSync(outside, join(dir, "hud.db"));
    expectRefusedAndUntouched(dir, /hud\.db is a file with 2 names/);
  });

  test("hud.db-wal a symbolic link: refused, the file unchanged", () => {
    symlinkSync(outside, join(dir, "hud.db-wal"));
    expectRefusedAndUntouched(dir, /hud\.db-wal is a symbolic link/);
  });

  test("the data folder a symbolic link to a folder outside: refused, that folder's mode and files unchanged", () => {
    const real = join(root, "elsewhere");
    chmodSync(real, 0o755);
    const link = join(root, "data-link");
    symlinkSync(real, link);
    expectRefusedAndUntouched(link, /data-link is a symbolic link/);
    expect(mode(real)).toBe("755");
    expect(existsSync(join(real, "hud.db"))).toBe(false);
  });

  test("the link removed, the store opens and writes what it kept", () => {
    symlinkSync(outside, join(dir, "hud.db"));
    const { store } = openLogged(dir);
    store.append("session:ses_a", [{ kind: "note.add", at: 1, content: "kept" }]);
    store.flush();
    expect(store.status().mode).toBe("degraded");
    rmSync(join(dir, "hud.db"));
    store.flush();
    expect(store.status().mode).toBe("durable");
    expect(mode(join(dir, "hud.db"))).toBe("600");
    store.close();
    const again = EventStore.open({ dir, log: () => {} });
    expect(again.read("session:ses_a").map((e) => (e.event as { content: string }).content)).toEqual(["kept"]);
    again.close();
  });
});

describe("recall.db and the board never follow a link", () => {
  test("recall.db a symbolic link: the index is refused; search is off with one line; the file unchanged", () => {
    symlinkSync(outside, join(dir, "recall.db"));
    expect(() => RecallIndex.open(dir, "p")).toThrow(LinkRefused);
    const lines: string[] = [];
    const recall = Recall.open({
      dir,
      projectKey: "p",
      redact: (t: string) => t,
      now: () => 1,
      log: { log: (_level: string, message: string) => void lines.push(message) },
    } as never);
    expect(recall).toBeUndefined();
    expect(lines).toEqual([expect.stringContaining("recall.db is a symbolic link")]);
    expect(mode(outside)).toBe("644");
    expect(readFileSync(outside, "utf8")).toBe("not the plugin's\n");
  });

  test("the board on a linked hud.db: reads nothing, never throws, the file unchanged", () => {
    symlinkSync(outside, join(dir, "hud.db"));
    const lines: string[] = [];
    const board = HudBoard.open(dir, (_level, message) => void lines.push(message));
    expect(() => board.setOff("ses_a", true, 1)).not.toThrow();
    expect(board.failures).toBeGreaterThan(0);
    expect(lines.some((l) => l.includes("is a symbolic link"))).toBe(true);
    board.close();
    expect(mode(outside)).toBe("644");
    expect(readFileSync(outside, "utf8")).toBe("not the plugin's\n");
  });
});

describe("chmod only what the plugin owns", () => {
  test("a storageDir holding other files (a home folder) keeps its mode; the databases are still 0600", () => {
    const home = join(root, "home");
    mkdirSync(home);
    chmodSync(home, 0o755);
    writeFileSync(join(home, ".bashrc"), "# mine\n");
    const { store } = openLogged(home);
    store.append("session:ses_a", [{ kind: "note.add", at: 1, content: "x" }]);
    store.flush();
    expect(store.status().mode).toBe("durable");
    expect(mode(home)).toBe("755");
    expect(mode(join(home, "hud.db"))).toBe("600");
    store.close();
  });

  test("a folder holding only the plugin's files is still tightened", () => {
    chmodSync(dir, 0o755);
    writeFileSync(join(dir, "hud.db.corrupt-2026-01-01T00-00-00-000Z"), "");
    const { store } = openLogged(dir);
    store.append("session:ses_a", [{ kind: "note.add", at: 1, content: "x" }]);
    store.flush();
    expect(mode(dir)).toBe("700");
    store.close();
  });
});

describe("the short connections never follow a link either", () => {
  test("forgetting a session (opencode deleted it, or purge) on a linked hud.db is refused; the file unchanged", async () => {
    const { forgetSessions } = await import("../../src/store/forget.ts");
    symlinkSync(outside, join(dir, "hud.db"));
    expect(() => forgetSessions(join(dir, "hud.db"), ["ses_a"])).toThrow(LinkRefused);
    expect([readFileSync(outside, "utf8"), mode(outside)]).toEqual(["not the plugin's\n", "644"]);
  });

  test("the CLI's data and purge on a linked recall.db: one line, exit 2, the file unchanged", async () => {
    const { runCli } = await import("../../src/cli/main.ts");
    symlinkSync(outside, join(dir, "recall.db"));
    for (const argv of [["data"], ["purge", "--all"]]) {
      const err: string[] = [];
      const code = await runCli({
        argv: [...argv, "--storage-dir", dir],
        cwd: root,
        tty: false,
        out: () => {},
        err: (t) => void err.push(t),
      });
      expect(code).toBe(2);
      expect(err.join("").split("\n")[0]).toContain("recall.db is a symbolic link");
    }
    expect([readFileSync(outside, "utf8"), mode(outside)]).toEqual(["not the plugin's\n", "644"]);
  });
});
