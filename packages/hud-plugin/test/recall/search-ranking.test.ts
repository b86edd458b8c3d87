import { expect, test } from "bun:test";
import { RecallIndex } from "../../src/recall/recall-index.ts";

function indexOf(texts: string[]): RecallIndex {
  const index = RecallIndex.open(":memory:", "0123456789abcdef");
  index.transaction(() =>
    texts.forEach((text, i) => {
      index.message({ kind: "message", id: `msg_${i}`, session: "ses_1", role: "user", at: i + 1 });
      index.part({ kind: "text", id: `prt_${i}`, session: "ses_1", message: `msg_${i}`, text });
    }),
  );
  return index;
}

test("an old text competes with a thousand newer matches: the one holding every word comes first", () => {
  const newer = Array.from({ length: 1_000 }, (_, i) => `staging check number ${i} went fine`);
  const index = indexOf(["the staging database port is 5433", ...newer]);
  const [first] = index.search("which port did the staging database use?", { session: "ses_1" }, 5);
  expect(first!.snippet).toContain("«port» is 5433");
  expect(first!.turn).toBe(1);
  index.close();
});

test("a question's filler words do not gate: stemmed words match, stop words are ignored", () => {
  const index = indexOf(["we painted the fence green", "the fence was old", "I like it"]);
  const hits = index.search("what colour did we paint the fence with?", { session: "ses_1" }, 5);
  // the last is found through the turn before it (see neighbours.test.ts): no word of its own is marked
  expect(hits.map((h) => h.snippet)).toEqual(["we «painted» the «fence» green", "the «fence» was old", "I like it"]);
  index.close();
});

test("an identifier finds its text whole, and a question finds it by its parts", () => {
  const index = indexOf(["at parseRowCursor (packages/db/src/cursor.ts:41)", "parse the row, move the cursor"]);
  expect(index.search("parseRowCursor", { session: "ses_1" }, 5)).toHaveLength(1);
  expect(index.search("packages/db/src/cursor.ts", { session: "ses_1" }, 5)).toHaveLength(1);
  expect(index.search("parsing row cursors", { session: "ses_1" }, 5)).toHaveLength(2);
  index.close();
});

test("a short query: texts holding every word first, and texts holding some still found when too few hold all", () => {
  const both = Array.from({ length: 70 }, (_, i) => `deploy rollback number ${i}`);
  const one = Array.from({ length: 5 }, (_, i) => `rollback only ${i}`);
  const full = indexOf([...one, ...both]);
  const hits = full.search("deploy rollback", { session: "ses_1" }, 10);
  expect(hits).toHaveLength(10);
  for (const hit of hits) expect(hit.snippet).toMatch(/«deploy» «rollback»/);
  full.close();
  const few = indexOf([...one, "deploy rollback once"]);
  const mixed = few.search("deploy rollback", { session: "ses_1" }, 10);
  expect(mixed.map((h) => h.snippet)[0]).toBe("«deploy» «rollback» once");
  expect(mixed).toHaveLength(6);
  few.close();
});
