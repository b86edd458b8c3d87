// Every call that reads back less than the call before sent names its cause and the tokens lost, not only
// busts: a plugin that changes a small system part on every call is a partial bust on every call, the HUD's
// own tail is the expected loss, and the person's views count partial busts apart from busts.
import { Database } from "bun:sqlite";
import { afterEach, beforeEach, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ledgerRows, ledgerSidebarRow } from "../../src/board/core.ts";
import { callLine, ledgerLine, SessionLedger, summarize, type LedgerCall } from "../../src/cache-ledger/index.ts";
import { readCalls, summaryOf, writeCall } from "../../src/cache-ledger/table.ts";
import { HudBoard } from "../../src/store/index.ts";
import { fakeOpencode, type FakeOpencode, type Msg } from "../helpers/fake-opencode.ts";
import { conversation, evidence, PREAMBLE, user } from "./requests.ts";

const SYSTEM = ["You are opencode.", PREAMBLE];
const usage = (input: number, cacheRead: number) => ({ input, cacheRead, cacheWrite: 100, output: 10 });

test("a small system change on every call is a partial bust with its tokens; an unchanged request loses only its tail", () => {
  const ledger = new SessionLedger({ lifetimeSeconds: 300 });
  let history = conversation;
  const calls: LedgerCall[] = [];
  for (let i = 0; i < 4; i++) {
    history = [...history, user(`m${i}`, `step ${i}`)];
    // another plugin stamps the time into its system part: the prefix breaks after the first system part
    ledger.observe(evidence(i * 1_000, ["You are opencode.", `stamp ${i}`, PREAMBLE], history));
    // 10k carried, 8k read back: a fifth lost, under the bust threshold
    calls.push(ledger.record(`c${i}`, i * 1_000, i === 0 ? usage(10_000, 0) : usage(2_000, 8_000 + i * 100)));
  }
  expect(calls[0]!.loss).toBeUndefined();
  for (const call of calls.slice(1)) {
    expect(call.bust).toBeUndefined();
    expect(call.loss).toMatchObject({ cause: "system", byAgentHud: false });
  }
  // the call before sent 10,110 (input + read + write): each lost what it did not read back of it
  expect(calls.map((c) => c.loss?.tokens)).toEqual([undefined, 10_100 - 8_100, 10_200 - 8_200, 10_300 - 8_300]);
  expect(callLine(calls[1]!)).toContain("· partial bust 2000: system prompt changed (not agent-hud)");
  const summary = ledger.summary();
  expect(summary).toMatchObject({ busts: 0, partial: 3, lost: 6_000 });
  expect(ledgerLine(summary)).toBe(`cache ${Math.round(summary.hitShare * 100)}% · no bust · 3 partial`);

  // the same conversation, nothing changed but the newest message: the loss is the tail, named, not counted
  const clean = new SessionLedger({ lifetimeSeconds: 300 });
  clean.observe(evidence(0, SYSTEM, conversation));
  clean.record("a", 0, usage(10_000, 0));
  clean.observe(evidence(1, SYSTEM, [...conversation, user("m9", "go on")]));
  const tail = clean.record("b", 1, usage(500, 9_700));
  expect(tail.loss).toMatchObject({ cause: "tail", tokens: 400 });
  expect(tail.bust).toBeUndefined();
  expect(callLine(tail)).toContain("· lost 400: the call before's newest message and cache blocks");
  expect(clean.summary()).toMatchObject({ partial: 0, lost: 0 });
  expect(ledgerLine(clean.summary())).toBe("cache 48% · no bust");
});

test("a plugin after agent-hud stamps the system prompt as sent: each call names it with the tokens lost, a partial bust", () => {
  const ledger = new SessionLedger({ lifetimeSeconds: 300 });
  let history = conversation;
  const calls: LedgerCall[] = [];
  for (let i = 0; i < 3; i++) {
    history = [...history, user(`m${i}`, `step ${i}`)];
    // agent-hud's hook saw the same parts every time; the stamp was added after it
    const seen = evidence(i * 1_000, SYSTEM, history);
    ledger.observe({ ...seen, systemSent: `sent ${i}` });
    calls.push(ledger.record(`c${i}`, i * 1_000, i === 0 ? usage(10_000, 0) : usage(2_000, 8_000 + i * 100)));
  }
  for (const call of calls.slice(1))
    expect(call.loss).toMatchObject({ cause: "system", byAgentHud: false, afterAgentHud: true });
  expect(callLine(calls[1]!)).toContain(
    "· partial bust 2000: system prompt changed (not agent-hud: a plugin after it)",
  );
  expect(ledger.summary()).toMatchObject({ busts: 0, partial: 2 });
});

test("a bust nothing agent-hud saw explains names what it could not see, with the tokens lost", () => {
  const ledger = new SessionLedger({ lifetimeSeconds: 300 });
  ledger.observe(evidence(0, SYSTEM, conversation, "t"));
  ledger.record("a", 0, usage(10_000, 0));
  ledger.observe(evidence(1_000, SYSTEM, [...conversation, user("m9", "go on")], "t"));
  const bust = ledger.record("b", 1_000, usage(10_000, 100));
  expect(bust.bust).toMatchObject({ cause: "unknown", missing: [] });
  expect(callLine(bust)).toContain("· BUST 10k: unknown: nothing agent-hud saw changed; not seen: the provider");
});

test("a call that read back everything the call before sent loses nothing; a bust keeps its loss too", () => {
  const ledger = new SessionLedger({ lifetimeSeconds: 300 });
  ledger.observe(evidence(0, SYSTEM, conversation));
  ledger.record("a", 0, usage(2_000, 0));
  ledger.observe(evidence(1, SYSTEM, [...conversation, user("m9", "go on")]));
  expect(ledger.record("b", 1, usage(300, 2_100)).loss).toBeUndefined();
  ledger.observe(evidence(2, ["changed", ...SYSTEM], [...conversation, user("m9", "go on")]));
  const bust = ledger.record("c", 2, usage(2_500, 0));
  expect(bust.bust).toMatchObject({ cause: "system" });
  expect(bust.loss).toMatchObject({ cause: "system", tokens: 2_500 });
  expect(callLine(bust)).toContain("· BUST 2500: system prompt changed (not agent-hud)");
  expect(ledger.summary()).toMatchObject({ busts: 1, partial: 0, lost: 2_500 });
});

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "hud-ledger-loss-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

test("losses are stored and read back; the summary counts partial busts apart; an older table gets the column", () => {
  // a file from before losses were kept: the board adds the column on open, the old rows read as before
  const path = join(root, "hud.db");
  const old = new Database(path, { create: true });
  old.run(`CREATE TABLE hud_cache_calls (session_id TEXT NOT NULL, call INTEGER NOT NULL, id TEXT NOT NULL,
    project_key TEXT NOT NULL, at INTEGER NOT NULL, input INTEGER NOT NULL, output INTEGER NOT NULL,
    cache_read INTEGER NOT NULL, cache_write INTEGER NOT NULL, spent REAL, saved REAL, bust TEXT,
    PRIMARY KEY (session_id, call))`);
  old.run("INSERT INTO hud_cache_calls VALUES ('ses_a', 1, 'm0', 'p', 0, 10, 1, 0, 0, NULL, NULL, NULL)");
  old.close();
  const board = HudBoard.open(root);
  try {
    const system = { cause: "system" as const, also: [], byAgentHud: false, missing: [], idleSeconds: 1 };
    const calls: LedgerCall[] = [
      { call: 2, id: "m1", at: 1, usage: usage(200, 8_000), loss: { ...system, tokens: 2_000 } },
      { call: 3, id: "m2", at: 2, usage: usage(200, 9_900), loss: { ...system, cause: "tail", tokens: 300 } },
      { call: 4, id: "m3", at: 3, usage: usage(10_000, 0), bust: system, loss: { ...system, tokens: 10_200 } },
    ];
    for (const c of calls) board.use("w", (db) => writeCall(db, "ses_a", "p", c), undefined);
    const read = board.use("r", (db) => readCalls(db, "ses_a"), []);
    expect(read.slice(1)).toEqual(calls);
    expect(read[0]!.loss).toBeUndefined();
    const stored = board.use("r", (db) => summaryOf(db, "ses_a"), undefined)!;
    expect(stored).toMatchObject({ calls: 4, busts: 1, partial: 1, lost: 12_200 });
    // the aggregate query and the in-memory summary agree
    expect(stored).toEqual(summarize(read));
    const text = (row: Array<{ text: string }> | undefined) => row!.map((s) => s.text).join("");
    expect(text(ledgerSidebarRow(stored, 60))).toBe(ledgerLine(stored)!);
    expect(ledgerLine(stored)).toContain("· 1 bust · 1 partial");
    const rows = ledgerRows(read, stored, 120).map(text);
    expect(rows).toContain(
      "#2 96% · in 200 read 8000 write 100 out 10 · partial bust 2000: system prompt changed (not agent-hud)",
    );
    expect(rows.some((r) => r.startsWith("#4 0%") && r.endsWith("· bust, lost 10200"))).toBe(true);
  } finally {
    board.close();
  }
});

let oc: FakeOpencode;
afterEach(() => oc?.close());

test("in opencode's hooks: another plugin's stamp in the system prompt is a partial bust on every call, with the tokens lost", async () => {
  oc = await fakeOpencode();
  const S = "ses_stamp";
  let history: Msg[] = [oc.user(S, "hello")];
  for (let i = 0; i < 4; i++) {
    await oc.transform(history);
    await oc.system(S, ["You are opencode.", `stamp ${i}`]);
    const answer = oc.assistant(S);
    const [input, read] = i === 0 ? [10_000, 0] : [2_000, 8_000];
    answer.info = { ...answer.info, tokens: { input, output: 5, reasoning: 0, cache: { read, write: 0 } } } as never;
    await oc.event("message.updated", { info: answer.info });
    history = [...history, answer, oc.user(S, `more ${i}`)];
  }
  const db = new Database(join(oc.storageDir, "hud.db"), { readonly: true });
  try {
    const rows = db
      .query("SELECT call, bust, loss FROM hud_cache_calls WHERE session_id = ? ORDER BY call")
      .all(S) as Array<{
      call: number;
      bust: string | null;
      loss: string | null;
    }>;
    expect(rows.map((r) => r.bust)).toEqual([null, null, null, null]);
    expect(rows.map((r) => r.loss && JSON.parse(r.loss))).toEqual([
      null,
      ...[1, 2, 3].map(() => expect.objectContaining({ cause: "system", byAgentHud: false, tokens: 2_000 })),
    ]);
  } finally {
    db.close();
  }
});
