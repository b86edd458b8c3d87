// The cache ledger from Codex's rollout: each hook runs as a process of its own and reads the lines written
// since the previous one; every model call's `token_count` becomes one row, as the rollout reports it.
import { expect, test } from "bun:test";
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import "../../helpers/hermetic-env.ts";
import { readCalls } from "../../../src/cache-ledger/table.ts";
import type { LedgerCall } from "../../../src/cache-ledger/types.ts";
import { storageDirFor } from "../../../src/config/storage-dir.ts";
import { handleHook } from "../../../src/host/codex/handle.ts";
import { readRollout } from "../../../src/host/codex/rollout.ts";
import { createLogger } from "../../../src/log/index.ts";
import { HudBoard } from "../../../src/store/board.ts";

const log = createLogger(undefined, () => {});
const fixture = (name: string) => readFileSync(join(import.meta.dir, "fixtures", name), "utf8");

function codexSession() {
  const root = mkdtempSync(join(tmpdir(), "codex-ledger-"));
  const project = join(root, "project");
  mkdirSync(join(project, ".git"), { recursive: true });
  const rollout = join(root, "rollout.jsonl");
  writeFileSync(rollout, "");
  const sessionID = crypto.randomUUID();
  return {
    rollout,
    append: (name: string) => appendFileSync(rollout, fixture(name)),
    hook: (event: string, extra: Record<string, unknown> = {}) =>
      handleHook(
        { session_id: sessionID, transcript_path: rollout, cwd: project, hook_event_name: event, ...extra },
        log,
      ),
    calls(): LedgerCall[] {
      const board = HudBoard.open(storageDirFor(project, undefined, process.env), () => {});
      try {
        return board.use("read", (db) => readCalls(db, sessionID), []);
      } finally {
        board.close();
      }
    },
  };
}

test("each call's count once (input with its cached part), a repeated count and the compaction's own request left out", () => {
  const s = codexSession();
  for (const part of ["rollout-first-prompt.jsonl", "rollout-compaction.jsonl", "rollout-after-compaction.jsonl"])
    s.append(part);
  const entries = readRollout(s.rollout, 0).ledger;
  expect(entries.map((e) => (e.kind === "call" ? [e.usage.input, e.usage.cacheRead] : e.kind))).toEqual([
    [10905, 0],
    [8585, 3000],
    [8585, 3000],
    [210000, 0],
    "compaction",
    [11213, 0],
  ]);
  // the repeat names the same call: the session's running total
  expect(entries[1]).toEqual(entries[2]!);
});

test("hooks that each read their part: one row per call, the call after the compaction judged against it", async () => {
  const s = codexSession();
  await s.hook("SessionStart", { source: "startup" });
  s.append("rollout-first-prompt.jsonl");
  await s.hook("UserPromptSubmit");
  expect(s.calls().map((c) => [c.usage.input + c.usage.cacheRead, c.usage.cacheRead])).toEqual([
    [10905, 0],
    [11585, 3000],
  ]);
  await s.hook("PreCompact", { trigger: "auto" });
  s.append("rollout-compaction.jsonl");
  await s.hook("SessionStart", { source: "compact" });
  s.append("rollout-after-compaction.jsonl");
  await s.hook("UserPromptSubmit");
  const calls = s.calls();
  expect(calls.map((c) => [c.usage.input + c.usage.cacheRead, c.usage.cacheRead])).toEqual([
    [10905, 0],
    [11585, 3000],
    [210000, 0],
    [11213, 0],
  ]);
  expect(calls[3]!.bust).toMatchObject({ compaction: true });
  expect(calls[2]!.bust?.compaction).toBeUndefined();
});
