// search and messages.read under random input through the plugin's real `hud` tool: FTS operators,
// unicode, 10 KB strings. Every call answers hits or one line, never anything else, and changes nothing.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import fc from "fast-check";
import { RECALL_FILE } from "../../src/recall/schema.ts";
import { EventStore } from "../../src/store/index.ts";
import type { FakeOpencode } from "../helpers/fake-opencode.ts";
import { startPlugin, tempRoot } from "../reliability/support.ts";
import { assistantText, toolCall, userMessage } from "./support.ts";

const SESSION = "ses_fuzzrecall";
const RUNS = 1_500;
let root: ReturnType<typeof tempRoot>;
let oc: FakeOpencode;
let reader: EventStore;
let index: Database;

beforeAll(async () => {
  root = tempRoot("hud-recall-fuzz-");
  oc = await startPlugin(root.storeDir);
  reader = EventStore.open({ dir: root.storeDir, log: () => {} });
  const words = ["NEAR", "AND", "OR", "NOT", "größe", "日本語", "vault", "ZEBRA-7731", "x*y", '"quoted"'];
  for (let i = 0; i < 40; i++) {
    const text = `${words[i % words.length]} line ${i} ${words[(i * 7) % words.length]}`;
    for (const e of [
      ...userMessage(SESSION, text, 1_000 + i),
      ...toolCall(SESSION, "bash", { command: `echo ${i}` }, text, 1_000 + i),
      ...assistantText(SESSION, `said ${text}`, 1_000 + i, i === 20),
    ])
      await oc.event(e.type, e.properties);
  }
  await oc.hud(SESSION, "notes.add", { content: "a NEAR(b c) note" });
  await oc.hud(SESSION, "search", { query: "warm up" }); // the first search indexes the HUD log
  index = new Database(join(root.storeDir, RECALL_FILE), { readonly: true });
});
afterAll(async () => {
  index?.close();
  reader?.close();
  await oc?.close();
  root?.cleanup();
});

const OPERATORS = ['"', "(", ")", "*", "-", "+", "^", ":", "NEAR", "NEAR(", "AND", "OR", "NOT", "{", "}", "'", "\\"];
const piece = fc.oneof(
  fc.constantFrom(...OPERATORS),
  fc.string({ unit: "grapheme", maxLength: 16 }),
  fc.string({ unit: "binary", maxLength: 16 }),
  fc.constantFrom("vault", "ZEBRA", "größe", "日本語", "line"),
);
const query = fc.oneof(
  { weight: 8, arbitrary: fc.array(piece, { maxLength: 24 }).map((p) => p.join(" ")) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength: 10_000, maxLength: 10_240 }) },
  { weight: 1, arbitrary: fc.constantFrom("", " ", "\n\t", "vault ".repeat(2_000)) },
);

const fingerprint = () => ({
  events: reader.read(`session:${SESSION}`).length,
  docs: index.query("SELECT count(*) AS n, coalesce(sum(length(body)), 0) AS size FROM docs").get() as object,
});

test("random queries and handles: hits or one line, never an exception, state unchanged (property)", async () => {
  const before = fingerprint();
  let hits = 0;
  let misses = 0;
  // handles the searches returned: messages.read must be tried on real ones, not only on noise
  const handles = new Set<string>();
  await fc.assert(
    fc.asyncProperty(query, fc.option(fc.integer({ min: 1, max: 50 })), async (q, limit) => {
      let text: string;
      try {
        text = await oc.hud(SESSION, "search", limit === null ? { query: q } : { query: q, limit });
      } catch (error) {
        text = (error as Error).message;
        // a query over the router's 500-character limit is refused by the schema before it is read
        if (q.length > 500) expect(text).toStartWith("search: args.query: expected string length less or equal to 500");
        else expect(text).toStartWith("search: the query is empty");
      }
      const lines = text.split("\n");
      if (/^\d+ hits? for /.test(lines[0]!)) {
        hits++;
        expect(lines.length - 1).toBe(Number(lines[0]!.split(" ")[0]));
        for (const line of lines.slice(1)) {
          expect(line).toMatch(/^[me]\d+ .+: /);
          handles.add(line.split(" ")[0]!);
        }
      } else {
        misses++;
        expect(lines).toHaveLength(1);
      }
    }),
    { numRuns: RUNS },
  );
  expect(handles.size).toBeGreaterThan(0);
  const read = { shown: 0, refused: 0 };
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(
        fc.string({ maxLength: 60 }),
        fc.constantFrom("m0", "e1", "m99999999", "m1 ", "M1"),
        fc.constantFrom(...handles),
      ),
      async (id) => {
        let text: string;
        try {
          text = await oc.hud(SESSION, "messages.read", { id });
        } catch (error) {
          expect((error as Error).message.split("\n")).toHaveLength(1);
          read.refused++;
          return;
        }
        expect(text.split("\n")[0]).toMatch(/^[me]\d+ /);
        // a handle from a search reads back as itself
        if (handles.has(id)) expect(text).toStartWith(`${id} `);
        read.shown++;
      },
    ),
    { numRuns: 300 },
  );
  // both halves of messages.read ran: real handles shown, noise refused
  expect(read.shown).toBeGreaterThan(30);
  expect(read.refused).toBeGreaterThan(30);
  // the runs reached both outcomes, so neither branch's checks went unexercised
  expect(hits).toBeGreaterThan(RUNS / 20);
  expect(misses).toBeGreaterThan(RUNS / 20);
  expect(fingerprint()).toEqual(before);
  expect(oc.logs.filter((l) => l.level === "error" || l.message.includes("recall"))).toEqual([]);
}, 120_000);
