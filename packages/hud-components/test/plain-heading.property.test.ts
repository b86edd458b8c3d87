import { expect, test } from "bun:test";
import fc from "fast-check";
import { h, toMarkdown } from "@agent-hud/ujsx";
import { plainHeading } from "../src/budget/plain-heading.ts";

const words = fc.stringMatching(/^[A-Za-z0-9]{1,8}( [A-Za-z0-9]{1,8}){0,4}$/);
// what the fast path must leave to the serialiser: marks, spacing, breaks, non-ASCII
const other = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.stringMatching(/^[-*+#>`|_~\\[\]()!<&.:0-9 \n\tAa]{0,12}$/),
  fc.constantFrom("", " x", "x ", "a  b", "#", "1.", "Notes #", "x\ny", "Ünïcode"),
);

test("a heading of plain words is written as the serialiser writes it (property)", () => {
  fc.assert(
    fc.property(words, fc.integer({ min: 1, max: 6 }), (text, depth) => {
      const node = h("heading", { depth }, text);
      expect(plainHeading(node)).toBe(toMarkdown(node, { mode: "trusted" }));
    }),
    { numRuns: 2000 },
  );
});

test("any other text, depth or prop is left to the serialiser, whose output may differ (property)", () => {
  fc.assert(
    fc.property(other, fc.integer({ min: 1, max: 6 }), (text, depth) => {
      const written = plainHeading(h("heading", { depth }, text));
      if (written !== undefined) expect(written).toBe(toMarkdown(h("heading", { depth }, text), { mode: "trusted" }));
    }),
    { numRuns: 2000 },
  );
  expect(plainHeading(h("heading", { depth: 4 }, "a", "b"))).toBeUndefined();
  expect(plainHeading(h("heading", { depth: 7 }, "Notes"))).toBeUndefined();
  expect(plainHeading(h("heading", { depth: 4, id: "x" }, "Notes"))).toBeUndefined();
  expect(plainHeading(h("paragraph", {}, "Notes"))).toBeUndefined();
  expect(plainHeading(h("heading", { depth: 4 }, "Notes"))).toBe("#### Notes\n");
});
