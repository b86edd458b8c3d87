// search, messages.read and compactions.list through the plugin's real `hud` tool, fed by the bus events
// opencode publishes (message and part updates), with two compactions in between.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { fakeOpencode, type FakeOpencode } from "../helpers/fake-opencode.ts";
import { asMessages, assistantText, toolCall, userMessage, type BusEvent } from "./support.ts";

const SESSION = "ses_recall01";
const FACT = "the vault code is ZEBRA-7731";
const longTail = "x".repeat(20_000);
let oc: FakeOpencode;
const events: BusEvent[] = [
  ...userMessage(SESSION, "open the vault", 1_000),
  ...toolCall(SESSION, "bash", { command: "cat vault.txt" }, `header\n${FACT}\nfooter`, 1_100),
  ...toolCall(SESSION, "read", { filePath: "big.log" }, `start ${longTail} end-of-big-log`, 1_150),
  ...assistantText(SESSION, "I read the vault file.", 1_200),
  ...userMessage(SESSION, "compact please", 2_000),
  ...assistantText(SESSION, "Summary one: we opened the vault.\nSecond line.", 2_100, true),
  ...userMessage(SESSION, "go on", 3_000),
  ...assistantText(SESSION, "Continuing with the parser.", 3_100),
  ...userMessage(SESSION, "compact again", 4_000),
  ...assistantText(SESSION, "Summary two: parser half done.", 4_100, true),
  ...userMessage(SESSION, "what was the code?", 5_000),
];

beforeAll(async () => {
  oc = await fakeOpencode();
  for (const e of events) await oc.event(e.type, e.properties);
  oc.setSessionMessages(asMessages(events) as never);
});
afterAll(() => oc?.close());

test("search finds a tool output that two compactions removed, saying where it came from", async () => {
  const result = await oc.hud(SESSION, "search", { query: "ZEBRA-7731" });
  const [head, first, ...rest] = result.split("\n");
  expect(head).toBe('1 hit for "ZEBRA-7731", best first; full text: hud messages.read { id }');
  expect(rest).toEqual([]);
  expect(first).toMatch(/^m\d+ turn 1 · bash · before compaction 1: /);
  expect(first).toEndWith(': bash {"command":"cat vault.txt"} header the vault code is «ZEBRA-7731» footer');
});

test("messages.read returns the whole tool output by its handle; a long one comes clipped, with a note", async () => {
  const handle = (await oc.hud(SESSION, "search", { query: "vault code" })).split("\n")[1]!.split(" ")[0]!;
  const text = await oc.hud(SESSION, "messages.read", { id: handle });
  expect(text.split("\n")[0]).toMatch(new RegExp(`^${handle} turn 1 · bash · before compaction 1 · 1970-`));
  expect(text).toContain(`header\n${FACT}\nfooter`);
  const big = (await oc.hud(SESSION, "search", { query: "big.log" })).split("\n")[1]!.split(" ")[0]!;
  const cut = await oc.hud(SESSION, "messages.read", { id: big });
  // a long output is stored clipped (its head, its tail and what was left out, said in the text)
  expect(cut).toContain("start x");
  expect(cut).toMatch(/\[… \d+ KB clipped from the index …\]\nx+ end-of-big-log$/);
});

test("compactions.list lists both compactions with the first lines of their summaries", async () => {
  expect(await oc.hud(SESSION, "compactions.list")).toBe(
    [
      "2 compactions in this session:",
      "1. 1970-01-01T00:00:02.100Z after turn 2: Summary one: we opened the vault. / Second line.",
      "2. 1970-01-01T00:00:04.100Z after turn 4: Summary two: parser half done.",
    ].join("\n"),
  );
});

test("the HUD's own log is searched too, removed items included, with the turn it was written in", async () => {
  const added = await oc.hud(SESSION, "notes.add", { content: "deploy key rotates monthly" });
  const id = added.split(" ").at(-1)!;
  await oc.hud(SESSION, "notes.remove", { id });
  const result = await oc.hud(SESSION, "search", { query: "rotates monthly" });
  expect(result.split("\n")[1]).toMatch(
    /^e\d+ turn 5 · hud log · note\.add · after compaction 2: deploy key «rotates» «monthly»$/,
  );
});

test("newer text says after which compaction it came, older text before which", async () => {
  const result = await oc.hud(SESSION, "search", { query: "parser" });
  // the order is bm25's, which counts a row's neighbour columns in its length: not this test's subject
  const lines = result.split("\n").slice(1).sort();
  expect(lines).toHaveLength(2);
  expect(lines.find((l) => l.includes("turn 3"))).toMatch(
    /turn 3 · assistant · before compaction 2: Continuing with the «parser»\.$/,
  );
  expect(lines.find((l) => l.includes("turn 4"))).toMatch(
    /turn 4 · summary · after compaction 2: Summary two: «parser» half done\.$/,
  );
});

test("an empty query, a handle that does not exist, and a handle of the wrong kind are one line each", async () => {
  await expect(oc.hud(SESSION, "search", { query: "  " })).rejects.toThrow(/^search: the query is empty; expected/);
  await expect(oc.hud(SESSION, "search", { query: '"(' })).resolves.toBe(
    'no match for "\\"("; try other words, or scope: "project" for earlier sessions',
  );
  await expect(oc.hud(SESSION, "messages.read", { id: "m999999" })).rejects.toThrow(
    'messages.read: no message or event with handle "m999999"; handles come from hud search (m12, e7)',
  );
  const handle = (await oc.hud(SESSION, "search", { query: "ZEBRA" })).split("\n")[1]!.split(" ")[0]!;
  await expect(oc.hud(SESSION, "messages.read", { id: handle.replace("m", "e") })).rejects.toThrow(/no message/);
});

test("scope project finds another session's text and names that session; session scope does not", async () => {
  const other = "ses_recall02";
  for (const e of userMessage(other, "the staging password is walrus", 6_000)) await oc.event(e.type, e.properties);
  expect(await oc.hud(SESSION, "search", { query: "walrus" })).toStartWith("no match");
  const hit = (await oc.hud(SESSION, "search", { query: "walrus", scope: "project" })).split("\n")[1];
  expect(hit).toMatch(/^m\d+ turn 1 · user · session ses_recall02: the staging password is «walrus»$/);
});

test("a session deleted in opencode is dropped from the index", async () => {
  const gone = "ses_recall03";
  for (const e of userMessage(gone, "the pelican password", 7_000)) await oc.event(e.type, e.properties);
  expect(await oc.hud(SESSION, "search", { query: "pelican", scope: "project" })).toStartWith("1 hit");
  await oc.event("session.deleted", { info: { id: gone } });
  expect(await oc.hud(SESSION, "search", { query: "pelican", scope: "project" })).toStartWith("no match");
});
