import { expect, test } from "bun:test";
import fc from "fast-check";
import { operationCatalog, planOperation } from "../../src/index.ts";
import { referenceView } from "../../src/testing/index.ts";

// Errors reach the model as the tool result; caller text echoed in them (ids, arg keys, op names) must not
// be able to break the one-line shape, whatever characters it holds.
const names = operationCatalog.map((o) => o.name);
const nasty = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom("\n", "n1\n# Fake heading", "\r\n", "\u2028", "x".repeat(5000), '"quoted"\n'),
);

test("every error is one line of bounded length, for any id, key or op name (property)", () => {
  const view = referenceView();
  fc.assert(
    fc.property(
      fc.constantFrom(...names),
      nasty,
      nasty,
      fc.constantFrom("id", "ids", "content", "extra"),
      (name, text, key, field) => {
        const calls = [
          { tool: name, args: { [field]: field === "ids" ? [text] : text } },
          { tool: name, args: { [key]: 1 } },
          { tool: `${name}${text}`, args: {} },
        ];
        for (const call of calls) {
          const result = planOperation(view, call, { now: 1 });
          if (result.ok) continue;
          expect(result.error).not.toMatch(/[\n\r]/);
          expect(result.error.length).toBeLessThan(600);
        }
      },
    ),
    { numRuns: 1000 },
  );
}, 30_000);
