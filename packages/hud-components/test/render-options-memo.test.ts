import { expect, test } from "bun:test";
import { bpeTokenizer } from "../src/o200k.ts";
import { resolveRenderOptions } from "../src/internal.ts";

// Hosts pass a new options object per call (with the current `now`); the memo must not see new options.
test("a new options object with the same fields resolves to the same options (memo stays warm)", () => {
  const budgets = { full: 900 };
  const sections = { disabled: ["staleness" as const] };
  const a = resolveRenderOptions({ budgets, sections, directory: "/p", now: 1 });
  const b = resolveRenderOptions({ budgets, sections, directory: "/p", now: 2 });
  expect(b).toBe(a);
  const c = resolveRenderOptions({ budgets: { full: 900 }, sections, directory: "/p", now: 3 });
  expect(c).not.toBe(a);
  expect(c.budgets.full).toBe(900);
  const d = resolveRenderOptions({ budgets, sections, directory: "/p", tokenizer: bpeTokenizer, now: 4 });
  expect(d.id).not.toBe(c.id);
});
