import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { ftsQuery } from "../../src/recall/fts-query.ts";
import { RecallIndex } from "../../src/recall/recall-index.ts";

describe("queries are data", () => {
  test("every chunk becomes one quoted phrase of its words; operators and punctuation are plain text", () => {
    expect(ftsQuery("ZEBRA-7731")).toBe('"ZEBRA 7731"');
    expect(ftsQuery('vault NEAR("code" OR -key*)')).toBe('"vault" AND "NEAR code" AND "OR" AND "key"');
    expect(ftsQuery("a b", "any")).toBe('"a" OR "b"');
    expect(ftsQuery("größe ünïcode 日本語")).toBe('"größe" AND "ünïcode" AND "日本語"');
  });

  test("a query without any word is undefined (the caller answers with one line)", () => {
    for (const q of ["", "   ", '"', "()", "*-^:", "🙂🙂"]) expect(ftsQuery(q)).toBeUndefined();
  });

  test("a 10 KB query is cut to 16 words", () => {
    const q = ftsQuery("word ".repeat(2_000))!;
    expect(q.match(/"word"/g)).toHaveLength(16);
  });

  test("whatever the text, SQLite reads it as data: search never throws (property)", () => {
    const index = RecallIndex.open(":memory:", "0123456789abcdef");
    index.message({ id: "msg_1", sessionID: "ses_1", role: "user", time: { created: 1 } });
    index.part({ id: "prt_1", sessionID: "ses_1", messageID: "msg_1", type: "text", text: "NEAR the AND of OR" });
    const operator = fc.constantFrom(
      '"',
      "(",
      ")",
      "*",
      "-",
      "^",
      ":",
      "NEAR",
      "NEAR(",
      "AND",
      "OR",
      "NOT",
      "+",
      "{",
      "}",
    );
    const piece = fc.oneof(
      operator,
      fc.string({ unit: "grapheme", maxLength: 12 }),
      fc.string({ unit: "binary", maxLength: 8 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), fc.constantFrom(" ", "", "\n"), (pieces, sep) => {
        const query = pieces.join(sep);
        expect(() => index.search(query, { session: "ses_1" }, 5)).not.toThrow();
        expect(() => index.search(query, { project: true }, 5)).not.toThrow();
      }),
      { numRuns: 2_000 },
    );
    index.close();
  });
});
