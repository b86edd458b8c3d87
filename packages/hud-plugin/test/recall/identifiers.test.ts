import { expect, test } from "bun:test";
import { nameParts, splitName } from "../../src/recall/identifiers.ts";

test("compound names split at case changes and letter-digit borders; plain words have no parts", () => {
  expect(splitName("parseRowCursor")).toEqual(["parse", "Row", "Cursor"]);
  expect(splitName("HTTPServer2")).toEqual(["HTTP", "Server", "2"]);
  expect(splitName("perMinute")).toEqual(["per", "Minute"]);
  expect(splitName("cursor")).toEqual([]);
  expect(splitName("SQLITE")).toEqual([]);
});

test("a text's compound names give their parts once each; snake_case and paths are left to the tokenizer", () => {
  const text =
    'at parseRowCursor (packages/db/src/cursor.ts:41)\n{"rateLimit":{"perMinute":120}} parseRowCursor SQLITE_BUSY';
  expect(nameParts(text).split("\n")).toEqual(["parse Row Cursor", "rate Limit", "per Minute"]);
  expect(nameParts("plain words only, snake_case_name and a/b/c.ts")).toBe("");
});

// Linear takes a few ms here; the quadratic form took tens of seconds at 20 KB (hours at 200 KB), so the
// test's own time limit is what catches a regression, and the machine's load cannot.
test("a 200 KB run of letters is read in linear time (no regex backtracking)", () => {
  expect(nameParts(`start ${"x".repeat(200_000)} endWord`)).toBe("end Word");
}, 30_000);
