import { expect, test } from "bun:test";
import { SnippetPad } from "../../src/recall/snippet-pad.ts";

test("snippets mark the matched words with the index's stemming, and the pad keeps nothing between calls", () => {
  const pad = new SnippetPad();
  const first = pad.snippets(
    [
      { id: 7, body: "The staging database listens on port 5433 since the migration." },
      { id: 9, body: "parse the row cursor and hand it back" },
    ],
    '"listening" OR "ports"',
  );
  expect(first.get(7)).toContain("«listens»");
  expect(first.get(7)).toContain("«port»");
  // matched only through its name parts in the index: the opening words stand in
  expect(first.get(9)).toBe("parse the row cursor and hand it back");
  const second = pad.snippets([{ id: 3, body: "ports again" }], '"port"');
  expect([...second.keys()]).toEqual([3]);
  expect(second.get(3)).toBe("«ports» again");
  pad.close();
});

test("a long text is cut around the match with an ellipsis", () => {
  const pad = new SnippetPad();
  const body = `${"filler ".repeat(200)}the needle is here ${"tail ".repeat(200)}`;
  const snippet = pad.snippets([{ id: 1, body }], '"needle"').get(1)!;
  expect(snippet).toContain("«needle»");
  expect(snippet.startsWith("…")).toBe(true);
  expect(snippet.length).toBeLessThan(200);
  pad.close();
});
