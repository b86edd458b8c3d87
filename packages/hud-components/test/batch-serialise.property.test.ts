import { expect, test } from "bun:test";
import fc from "fast-check";
import { h, toMarkdown, type Child } from "@agent-hud/ujsx";
import { serialiseItems } from "../src/internal.ts";

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
