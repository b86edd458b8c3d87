import { expect, test } from "bun:test";
import fc from "fast-check";
import { h, toMarkdown, type Child } from "@agent-hud/ujsx";
import { serialiseBlocks, serialiseItems } from "../src/internal.ts";

// Text that exercises escaping at line starts and item edges: bullets, numbers, fences, tables, breaks.
const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.stringMatching(/^[-*+#>`|_~\\[\]()!<&.:0-9 \n\r\tax]{0,16}$/),
  fc.constantFrom("", " ", "\n", "- [ ] x", "1. one", "***", "---", "```", "| a | b |", "a\n\nb", "  lead", "trail  "),
);
const inline: fc.Arbitrary<Child> = fc.oneof(
  { weight: 4, arbitrary: text },
  text.map((t): Child => h("strong", {}, t || "x")),
  text.map((t): Child => h("emphasis", {}, t || "x")),
  text.map((t): Child => h("inlineCode", { value: t })),
  text.map((t): Child => h("link", { url: "https://x.example/a" }, t || "x")),
);
const item: fc.Arbitrary<Child> = fc
  .tuple(fc.array(inline, { minLength: 1, maxLength: 4 }), fc.constantFrom(undefined, true, false), fc.boolean())
  .map(([children, checked, twoParagraphs]) => {
    const paragraphs = twoParagraphs
      ? [h("paragraph", {}, ...children), h("paragraph", {}, "more")]
      : [h("paragraph", {}, ...children)];
    return checked === undefined ? h("item", {}, ...paragraphs) : h("item", { checked }, ...paragraphs);
  });

test("items serialised in one pass equal each item serialised alone (property)", () => {
  let batched = 0;
  fc.assert(
    fc.property(fc.array(item, { minLength: 2, maxLength: 8 }), (items) => {
      const alone = items.map((node) => toMarkdown(h("list", {}, node), { mode: "production" }));
      const together = serialiseItems(items);
      if (together) {
        batched++;
        expect(together).toEqual(alone);
      }
    }),
    { numRuns: 3000 },
  );
  // The one-pass path was taken, not only the fallback.
  expect(batched).toBeGreaterThan(2000);
});

test("items that are not plain paragraph items fall back to one call each", () => {
  expect(serialiseItems([h("item", {}, h("paragraph", {}, "a"))])).toBeUndefined();
  expect(serialiseItems(["loose text", h("item", {}, h("paragraph", {}, "a"))])).toBeUndefined();
  expect(serialiseItems([h("item", {}, h("rule", {})), h("item", {}, h("paragraph", {}, "a"))])).toBeUndefined();
  expect(serialiseItems([h("item", {}, h("paragraph", {}, "a")), h("item", {}, h("paragraph", {}, "b"))])).toEqual([
    "- a\n",
    "- b\n",
  ]);
});

// Blocks as sections emit them, plus what could upset a shared pass: adjacent lists (bullet alternation),
// a section grouping several blocks, code, quotes, rules, and a block spelling the split word itself.
const block: fc.Arbitrary<Child> = fc.oneof(
  fc.tuple(fc.integer({ min: 1, max: 6 }), inline).map(([depth, c]): Child => h("heading", { depth }, c)),
  fc.array(inline, { minLength: 1, maxLength: 4 }).map((cs): Child => h("paragraph", {}, ...cs)),
  fc.array(item, { minLength: 1, maxLength: 3 }).map((items): Child => h("list", {}, ...items)),
  fc.array(item, { minLength: 1, maxLength: 2 }).map((items): Child => h("list", { ordered: true }, ...items)),
  text.map((value): Child => h("code", { value })),
  inline.map((c): Child => h("quote", {}, h("paragraph", {}, c))),
  fc.constant<Child>(h("rule", {})),
  fc.constant<Child>(h("paragraph", {}, "hudblocksplit839217465")),
  fc
    .tuple(inline, fc.array(item, { minLength: 1, maxLength: 2 }))
    .map(([c, items]): Child => h("section", {}, h("paragraph", {}, c), h("list", {}, ...items))),
);

test("blocks serialised in one pass equal each block serialised alone (property)", () => {
  let batched = 0;
  fc.assert(
    fc.property(fc.array(block, { minLength: 2, maxLength: 8 }), (blocks) => {
      const together = serialiseBlocks(blocks);
      if (!together) return;
      blocks.forEach((node, i) => {
        const md = together[i];
        if (md === undefined) return;
        batched++;
        expect(md).toBe(toMarkdown(node, { mode: "production" }));
      });
    }),
    { numRuns: 2000 },
  );
  // The one-pass path was taken for most blocks, not only the fallback.
  expect(batched).toBeGreaterThan(5000);
});

test("blocks: a throwing or non-flow block is left to its own call, the rest still share one", () => {
  const bad = h("heading", { depth: 9 }, "x");
  expect(serialiseBlocks([h("heading", { depth: 4 }, "Notes"), bad, h("paragraph", {}, "a *b*")])).toEqual([
    "#### Notes\n",
    undefined,
    "a \\*b\\*\n",
  ]);
  expect(serialiseBlocks([h("paragraph", {}, "a"), bad])).toBeUndefined();
});
