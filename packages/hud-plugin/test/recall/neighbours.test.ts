// A message part is indexed with the openings of the parts around it, so the answer to a question is
// found by the question's words even when it shares none of them.
import { expect, test } from "bun:test";
import { ftsQuery } from "../../src/recall/fts-query.ts";
import { RecallIndex } from "../../src/recall/recall-index.ts";
import { anyPart, COMMON_TEXTS, partTexts, QUESTION_PARTS } from "../../src/recall/search.ts";

type Turn = { role: "user" | "assistant"; text: string; at?: number };

function add(index: RecallIndex, turns: Turn[], from = 0): void {
  index.transaction(() =>
    turns.forEach((turn, i) => {
      const n = from + i;
      const at = turn.at ?? n + 1;
      index.message({ kind: "message", id: `msg_${n}`, session: "ses_1", role: turn.role, at });
      index.part({ kind: "text", id: `prt_${n}`, session: "ses_1", message: `msg_${n}`, text: turn.text });
    }),
  );
}

const near = (index: RecallIndex, id: number) =>
  index.db.query("SELECT prev, next FROM docs WHERE id = ?").get(id) as { prev: string; next: string };

const QUESTION = "which registry mirror should the build runners pull packages from?";
const ANSWER = "Use cache.internal:4873 behind the VPN, it proxies everything.";
// every word of the query is somewhere else too, each in a text of its own
const FILLER = ["registry", "mirror", "build", "runners", "packages"].flatMap((word) =>
  Array.from({ length: 4 }, (_, i) => `${word} note ${i}: nothing else to say here today`),
);

test("the answer in the turn after the question is found by the question's words; the text alone could not be", () => {
  const index = RecallIndex.open(":memory:", "0123456789abcdef");
  add(index, [
    ...FILLER.slice(0, 10).map((text): Turn => ({ role: "assistant", text })),
    { role: "user", text: QUESTION },
    { role: "assistant", text: ANSWER },
    ...FILLER.slice(10).map((text): Turn => ({ role: "assistant", text })),
  ]);
  const query = "registry mirror for the build runners";
  const answer = (index.db.query("SELECT id FROM docs WHERE body = ?").get(ANSWER) as { id: number }).id;
  // the ranking before neighbours matched the text and its name parts only: the answer holds no query word
  const bodyOnly = index.db
    .query("SELECT rowid AS id FROM docs_fts WHERE docs_fts MATCH ?")
    .all(`{body terms} : (${ftsQuery(query)!.parts.join(" OR ")})`) as Array<{ id: number }>;
  expect(bodyOnly.length).toBeGreaterThan(5);
  expect(bodyOnly.map((r) => r.id)).not.toContain(answer);
  const hits = index.search(query, { session: "ses_1" }, 5).map((h) => h.id);
  expect(hits[0]).toBe(answer - 1); // the question itself
  expect(hits).toContain(answer);
  index.close();
});

test("an answer two turns after the question (a follow-up between) is found by the question's words", () => {
  const index = RecallIndex.open(":memory:", "0123456789abcdef");
  add(index, [
    ...FILLER.slice(0, 10).map((text): Turn => ({ role: "assistant", text })),
    { role: "user", text: QUESTION },
    { role: "assistant", text: "Which team owns them?" },
    { role: "user", text: ANSWER },
    ...FILLER.slice(10).map((text): Turn => ({ role: "assistant", text })),
  ]);
  const answer = (index.db.query("SELECT id FROM docs WHERE body = ?").get(ANSWER) as { id: number }).id;
  expect(near(index, answer).prev).toBe(`Which team owns them?\n${QUESTION}`);
  expect(index.search("registry mirror for the build runners", { session: "ses_1" }, 5).map((h) => h.id)).toContain(
    answer,
  );
  // a part inserted between them later (a catch-up) pushes the question out of the answer's columns
  index.message({ kind: "message", id: "msg_late", session: "ses_1", role: "assistant", at: 11.5 });
  index.part({ kind: "text", id: "prt_late", session: "ses_1", message: "msg_late", text: "one moment" });
  expect(near(index, answer).prev).toBe("Which team owns them?\none moment");
  index.close();
});

test("a part arriving between two others (a catch-up) takes its place in both neighbours' columns", () => {
  const index = RecallIndex.open(":memory:", "0123456789abcdef");
  add(index, [
    { role: "user", text: "first turn", at: 10 },
    { role: "assistant", text: "third turn", at: 30 },
  ]);
  const [first, third] = [1, 2];
  expect(near(index, first)).toEqual({ prev: "", next: "third turn" });
  add(index, [{ role: "user", text: "second turn", at: 20 }], 2);
  expect(near(index, first)).toEqual({ prev: "", next: "second turn" });
  expect(near(index, 3)).toEqual({ prev: "first turn", next: "third turn" });
  expect(near(index, third)).toEqual({ prev: "second turn\nfirst turn", next: "" });
  // a changed text reaches its neighbours too, and the index follows
  index.part({ kind: "text", id: "prt_2", session: "ses_1", message: "msg_2", text: "second turn, edited" });
  expect(near(index, third).prev).toBe("second turn, edited\nfirst turn");
  const hits = index.search("second edited", { session: "ses_1" }, 5).map((h) => h.id);
  expect(hits[0]).toBe(3);
  expect(hits.sort()).toEqual([1, 2, 3]);
  // a single word looks only where it is written
  expect(index.search("edited", { session: "ses_1" }, 5).map((h) => h.id)).toEqual([3]);
  index.close();
});

test("only the opening of a long neighbour is copied, and HUD events stay out of the chain", () => {
  const index = RecallIndex.open(":memory:", "0123456789abcdef");
  add(index, [{ role: "user", text: `start ${"x".repeat(5_000)} tailword` }]);
  index.events("session:ses_1", "ses_1", [{ seq: 1, event: { kind: "note", at: 1.5, text: "a note" } as never }]);
  add(index, [{ role: "assistant", text: "reply" }], 1);
  const reply = (index.db.query("SELECT id FROM docs WHERE body = 'reply'").get() as { id: number }).id;
  expect(near(index, reply).prev.startsWith("start x")).toBe(true);
  expect(near(index, reply).prev.length).toBe(300);
  expect(index.search("tailword", { session: "ses_1" }, 5)).toHaveLength(1);
  const event = index.db.query("SELECT prev, next FROM docs WHERE kind = 'event'").get();
  expect(event).toEqual({ prev: "", next: "" });
  index.close();
});

test("a neighbour's column holds its redacted text: a secret never reaches the index through a neighbour", () => {
  const redact = (text: string) => text.replace(/hunter2/g, "[redacted]");
  const index = RecallIndex.open(":memory:", "0123456789abcdef", redact);
  add(index, [
    { role: "user", text: "the password is hunter2" },
    { role: "assistant", text: "noted" },
    { role: "user", text: "thanks" },
  ]);
  expect(near(index, 2).prev).toBe("the password is [redacted]");
  // two parts on, through the second opening in `prev`
  expect(near(index, 3).prev).toBe("noted\nthe password is [redacted]");
  expect(index.search("hunter2", { session: "ses_1" }, 5)).toEqual([]);
  const stored = index.db.query("SELECT body || prev || next AS all_text FROM docs").all() as Array<{
    all_text: string;
  }>;
  for (const row of stored) expect(row.all_text).not.toContain("hunter2");
  index.close();
});

test("a part in more than COMMON_TEXTS texts matches only where it is written, a rarer one also through neighbours", () => {
  const hits = (others: number) => {
    const index = RecallIndex.open(":memory:", "0123456789abcdef");
    // the word is common in the file (another session), not in the searched session
    index.transaction(() => {
      for (let n = 0; n < others; n++) {
        index.message({ kind: "message", id: `msg_o${n}`, session: "ses_o", role: "user", at: n + 1 });
        index.part({ kind: "text", id: `prt_o${n}`, session: "ses_o", message: `msg_o${n}`, text: `deploy ${n}` });
      }
    });
    add(index, [
      { role: "user", text: "deploy only here" },
      { role: "assistant", text: "answer two" },
      { role: "user", text: "unrelated words" },
      { role: "user", text: "quartz deploy" },
      { role: "assistant", text: "answer one" },
    ]);
    const id = (body: string) => (index.db.query("SELECT id FROM docs WHERE body = ?").get(body) as { id: number }).id;
    const found = index.search("quartz deploy", { session: "ses_1" }, 50).map((h) => h.id);
    const out = { viaRare: found.includes(id("answer one")), viaCommon: found.includes(id("answer two")) };
    index.close();
    return out;
  };
  expect(hits(10)).toEqual({ viaRare: true, viaCommon: true });
  expect(hits(COMMON_TEXTS + 1)).toEqual({ viaRare: true, viaCommon: false });
});

test("a question (QUESTION_PARTS or more) scores only texts holding a rarer part; its common words fill a short list", () => {
  const index = RecallIndex.open(":memory:", "0123456789abcdef");
  index.transaction(() => {
    for (let n = 0; n <= COMMON_TEXTS; n++) {
      index.message({ kind: "message", id: `msg_o${n}`, session: "ses_o", role: "user", at: n + 1 });
      index.part({
        kind: "text",
        id: `prt_o${n}`,
        session: "ses_o",
        message: `msg_o${n}`,
        text: `deploy config service ${n}`,
      });
    }
  });
  add(index, [
    { role: "user", text: "quartz is the name" },
    ...Array.from({ length: 6 }, (_, i): Turn => ({ role: "assistant", text: `deploy config service ${i}` })),
  ]);
  const query = "quartz deploy config service";
  const parsed = ftsQuery(query)!;
  expect(parsed.parts.length).toBeGreaterThanOrEqual(QUESTION_PARTS);
  const q = (sql: string) => index.db.query(sql);
  const [strict, broad] = anyPart(parsed.parts, partTexts(q, parsed.parts), "{body terms prev next}");
  const ids = (expression: string) =>
    (index.db.query("SELECT rowid AS id FROM docs_fts WHERE docs_fts MATCH ?").all(expression) as Array<{ id: number }>)
      .length;
  expect(ids(strict)).toBe(3); // the quartz text and the two after it (their `prev`)
  expect(ids(broad!)).toBeGreaterThan(COMMON_TEXTS);
  // one text holds the rare word: the other four of five hits come from the common words
  const hits = index.search(query, { session: "ses_1" }, 5);
  expect(hits.length).toBe(5);
  expect(hits[0]!.snippet).toContain("«quartz»");
  index.close();
});
