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

// A process renders several sessions in turn (and lays a session's next HUD out ahead between its calls).
test("a render with other options in between still finds the earlier resolve (not only the last one)", () => {
  const budgets = { full: 700 };
  const a = resolveRenderOptions({ budgets, directory: "/one", now: 1 });
  const other = resolveRenderOptions({ budgets, directory: "/two", now: 2 });
  expect(other).not.toBe(a);
  expect(resolveRenderOptions({ budgets, directory: "/one", now: 3 })).toBe(a);
});

test("the same custom sections in a new array: a new id (the stable part is rebuilt), the specs reused", () => {
  const section = { name: "Seen", component: () => "seen" };
  const budgets = { full: 600 };
  const a = resolveRenderOptions({ budgets, custom: [section], now: 1 });
  const b = resolveRenderOptions({ budgets, custom: [section], now: 2 });
  expect(b.id).not.toBe(a.id);
  expect(b.stable).toBe(a.stable);
  const c = resolveRenderOptions({ budgets, custom: [{ ...section }], now: 3 });
  expect(c.stable).not.toBe(a.stable);
  expect(c.stable.map((s) => s.name)).toEqual(a.stable.map((s) => s.name));
});
