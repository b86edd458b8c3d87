import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { fromMarkdown, resolve, toMarkdown } from "../src/index.ts";
import { documentArb } from "./support/arbitraries.ts";
import { normalize } from "./support/normalize.ts";

describe("round trip", () => {
  test("fromMarkdown(toMarkdown(t)) equals t after normalisation, and the markdown is a fixed point", () => {
    fc.assert(
      fc.property(documentArb, (doc) => {
        // resolve() validates every generated node against its schema on the way.
        const markdown = toMarkdown(resolve(doc, { mode: "production" }));
        const parsed = fromMarkdown(markdown);
        expect(normalize(parsed)).toEqual(normalize(doc));
        expect(toMarkdown(parsed)).toBe(markdown);
      }),
      { numRuns: 1000 },
    );
  }, 60_000);

  test("the comparison sees differences (normalisation is not lossy)", () => {
    const doc = fc.sample(documentArb, { numRuns: 1, seed: 42 })[0];
    if (!doc) throw new Error("no sample");
    const changed = { ...doc, children: [...doc.children, { type: "rule", props: {}, children: [] }] };
    expect(normalize(fromMarkdown(toMarkdown(changed)))).not.toEqual(normalize(doc));
  });
});
