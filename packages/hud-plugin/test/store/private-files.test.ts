// What the plugin stores is the owner's alone: the data folder 0700, the databases and their -wal/-shm
// 0600, whatever the umask; files an older version left readable are tightened on open, with one line.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HudBoard } from "../../src/store/index.ts";
import { RecallIndex } from "../../src/recall/index.ts";
import { EventStore } from "../../src/store/index.ts";

let root: string;
let umask: number;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "hud-private-"));
  // the most permissive umask a person could have: the modes must not depend on it
  umask = process.umask(0);
});
afterEach(() => {
  process.umask(umask);
  rmSync(root, { recursive: true, force: true });
});

const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);

test("a fresh data folder is 0700; hud.db, recall.db and their -wal/-shm are 0600", () => {
  const dir = join(root, "data", "hud");
  const store = EventStore.open({ dir, log: () => {} });
  store.append("session:ses_a", [{ kind: "note.add", at: 1, content: "x" }]);
  store.flush();
  const board = HudBoard.open(dir);
  board.setOff("ses_a", true, 1);
  const recall = RecallIndex.open(dir, "p");
  recall.message({ kind: "message", id: "msg_1", session: "ses_a", role: "user", at: 1 });
  expect(mode(dir)).toBe("700");
  const files = ["hud.db", "hud.db-wal", "hud.db-shm", "recall.db", "recall.db-wal", "recall.db-shm"];
  // the WAL files exist while the connections are open (the check would pass vacuously without them)
  expect(files.filter((f) => existsSync(join(dir, f)))).toEqual(files);
  for (const f of files) expect([f, mode(join(dir, f))]).toEqual([f, "600"]);
  recall.close();
  board.close();
  store.close();
});

test("an existing folder and database left readable by others are tightened on open, with one log line each", () => {
  const dir = join(root, "old");
  mkdirSync(dir, { mode: 0o755 });
  chmodSync(dir, 0o755);
  writeFileSync(join(dir, "hud.db"), "");
  chmodSync(join(dir, "hud.db"), 0o644);
  const lines: string[] = [];
  const store = EventStore.open({ dir, log: (_level, message) => void lines.push(message) });
  store.append("session:ses_a", [{ kind: "note.add", at: 1, content: "x" }]);
  store.flush();
  expect([mode(dir), mode(join(dir, "hud.db"))]).toEqual(["700", "600"]);
  expect(lines.filter((l) => l.startsWith("made "))).toEqual([
    `made ${dir} private (mode 700, was 755)`,
    `made ${join(dir, "hud.db")} private (mode 600, was 644)`,
  ]);
  store.close();
});
