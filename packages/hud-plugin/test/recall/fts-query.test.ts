import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { ftsQuery } from "../../src/recall/fts-query.ts";
import { RecallIndex } from "../../src/recall/recall-index.ts";

describe("queries are data", () => {
  test("every chunk becomes one quoted phrase of its words, any of them may match; operators are plain text", () => {
    expect(ftsQuery("ZEBRA-7731")?.match).toBe('"ZEBRA 7731"');
    expect(ftsQuery("ERR_STREAM_PREMATURE_CLOSE apps/api/src/routes/reports.ts")?.parts).toEqual([
      '"ERR STREAM PREMATURE CLOSE"',
      '"apps api src routes reports ts"',
    ]);
    expect(ftsQuery('vault NEAR("code" OR -key*)')?.match).toBe('"code" OR "vault" OR "NEAR" OR "key"');
    expect(ftsQuery("größe ünïcode 日本語")?.match).toBe('"größe" OR "ünïcode" OR "日本語"');
  });

  test("stop words are dropped, unless quoted or nothing else is left; a quoted text is one phrase", () => {
    expect(ftsQuery("which port did the staging database listen on?")?.parts).toEqual([
      '"port"',
      '"staging"',
      '"database"',
      '"listen"',
    ]);
    expect(ftsQuery("what is it")?.parts).toEqual(['"what"', '"is"', '"it"']);
    expect(ftsQuery('the "out of memory" error')?.parts).toEqual(['"out of memory"', '"error"']);
    expect(ftsQuery("why isn't it 'working'")?.parts).toEqual(['"working"']);
  });

  test("a compound name matches whole or as its parts in a row", () => {
    expect(ftsQuery("parseRowCursor")?.parts).toEqual(['("parseRowCursor" OR "parse Row Cursor")']);
    expect(ftsQuery("v2 HTTPServer")?.parts).toEqual(['("v2" OR "v 2")', '("HTTPServer" OR "HTTP Server")']);
  });

  test("a query without any word is undefined (the caller answers with one line)", () => {
    for (const q of ["", "   ", '"', "()", "*-^:", "🙂🙂"]) expect(ftsQuery(q)).toBeUndefined();
  });

  test("a 10 KB query is cut to 16 words", () => {
    const q = ftsQuery(Array.from({ length: 2_000 }, (_, i) => `w${i}x`).join(" "))!;
    expect(q.parts).toHaveLength(16);
    // the same word twice is one part
    expect(ftsQuery("word ".repeat(2_000))!.parts).toEqual(['"word"']);
  });

  test("whatever the text, SQLite reads it as data: search never throws (property)", () => {
    const index = RecallIndex.open(":memory:", "0123456789abcdef");
    index.message({ kind: "message", id: "msg_1", session: "ses_1", role: "user", at: 1 });
    index.part({ kind: "text", id: "prt_1", session: "ses_1", message: "msg_1", text: "NEAR the AND of OR" });
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
