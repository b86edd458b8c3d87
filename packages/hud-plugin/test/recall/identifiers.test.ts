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

test("a 200 KB run of letters is read in linear time (no regex backtracking)", () => {
  const t0 = performance.now();
  expect(nameParts(`start ${"x".repeat(200_000)} endWord`)).toBe("end Word");
  // generous: linear is ~1 ms here, the quadratic form took tens of seconds at 20 KB
  expect(performance.now() - t0).toBeLessThan(1_000);
});
