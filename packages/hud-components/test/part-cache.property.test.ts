import { expect, test } from "bun:test";
import fc from "fast-check";
import { h, toMarkdown } from "@agent-hud/ujsx";
import { bpeTokenizer } from "../src/o200k.ts";
import { PartCache } from "../src/internal.ts";

test("number-shape templates give exactly what serialising the block would (property)", () => {
  const cache = new PartCache(bpeTokenizer);
  const withDigits = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.stringMatching(/^[0-9<>&*_\\[\]().#!:|` \n%→kM-]{0,14}$/),
    fc
      .tuple(
        fc.constantFrom("", "1. ", "\n2) ", "- ", "# ", "x", " ", "*"),
        fc.nat(100_000),
        fc.constantFrom("", ".", ")", "%", "\n3. y", "k used", "_a"),
      )
      .map(([a, n, b]) => `${a}${n}${b}`),
  );
  fc.assert(
    fc.property(withDigits, withDigits, fc.constantFrom("paragraph", "heading", "strong"), (a, b, kind) => {
      const node =
        kind === "heading"
          ? h("heading", { depth: 4 }, a, b)
          : kind === "strong"
            ? h("paragraph", {}, h("strong", {}, a || "x"), " ", b)
            : h("paragraph", {}, a, b);
      expect(cache.block(node).md).toBe(toMarkdown(node, { mode: "production" }));
    }),
    { numRuns: 4000 },
  );
  // The shape path was exercised, not just the fallback.
  expect(cache.templateCount).toBeGreaterThan(10);
});
