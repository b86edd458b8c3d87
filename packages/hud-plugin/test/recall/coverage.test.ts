import { describe, expect, test } from "bun:test";
import { coveredParts } from "../../src/recall/coverage.ts";
import { ftsQuery } from "../../src/recall/fts-query.ts";

const covered = (text: string, query: string) => coveredParts(text, ftsQuery(query)!.words, new Map());

describe("how many of a query's parts a text holds (the rerank signal)", () => {
  test("words compare by their Porter stems, as the index matched them", () => {
    expect(covered("we paint the fence", "painted fences")).toBe(2);
    expect(covered("the painting was done", "painted")).toBe(1);
    expect(covered("nothing about it", "painted fences")).toBe(0);
  });

  test("a compound name is held whole or as its parts in the text", () => {
    expect(covered("call parseRowCursor here", "parseRowCursor")).toBe(1);
    expect(covered("parse the row with a cursor", "parseRowCursor")).toBe(1);
    expect(covered("parse the row", "parseRowCursor")).toBe(0);
  });

  test("a phrase needs every word; stop words are not parts", () => {
    expect(covered("the staging db listens on 5433", "which port did the staging db listen on")).toBe(3);
    expect(covered("apps/api/src/routes/reports.ts", "apps/api/src/routes/reports.ts")).toBe(1);
    expect(covered("apps/api/src/routes/users.ts", "apps/api/src/routes/reports.ts")).toBe(0);
  });

  test("a name of underscores (`__proto__`) is its word alone: no empty word reaches the count, which never ends on one", () => {
    expect(ftsQuery("__proto__ line")!.words).toEqual([[["proto"]], [["line"]]]);
    expect(covered("proto line here", "__proto__ line")).toBe(2);
    expect(coveredParts("some text", [[["", "proto"]]], new Map())).toBe(0);
  });
});
