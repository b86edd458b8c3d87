import { expect, spyOn, test } from "bun:test";
import { h } from "@agent-hud/ujsx/core";
import type { CustomSection, Tokenizer } from "../src/index.ts";
import { partCache } from "../src/budget/index.ts";
import { resolveRenderOptions } from "../src/render/options.ts";
import { CUSTOM_VOLATILE_RESERVE, volatileReserve } from "../src/render/reserve.ts";

const spy = () => {
  const calls = { count: 0 };
  const tokenizer: Tokenizer = { name: "spy", additive: true, count: (text) => (calls.count++, text.length) };
  return { calls, tokenizer };
};
const custom = (volatile: boolean): CustomSection[] => [
  { name: "c", component: () => h("paragraph", {}, "c"), ...(volatile ? { stability: "volatile" as const } : {}) },
];

test("options resolved again with new custom sections of the same kind keep the reserve (nothing built again)", () => {
  const { tokenizer } = spy();
  const cache = partCache(tokenizer);
  // every block of the reserve's worst-case tail goes through the part cache
  const blocks = spyOn(cache, "block");
  const first = resolveRenderOptions({ tokenizer, custom: custom(false) });
  const reserve = volatileReserve(first, "full", cache);
  expect(blocks.mock.calls.length).toBeGreaterThan(0);
  const built = blocks.mock.calls.length;
  // an agent component rendered: the host hands over a new array, so the options are resolved anew
  const again = resolveRenderOptions({ tokenizer, custom: custom(false) });
  expect(again).not.toBe(first);
  expect(volatileReserve(again, "full", cache)).toBe(reserve);
  expect(blocks.mock.calls.length).toBe(built);
  blocks.mockRestore();
});

test("what the reserve depends on still moves it: a custom volatile section, another density", () => {
  const { tokenizer } = spy();
  const cache = partCache(tokenizer);
  const stable = volatileReserve(resolveRenderOptions({ tokenizer, custom: custom(false) }), "full", cache);
  const withVolatile = volatileReserve(resolveRenderOptions({ tokenizer, custom: custom(true) }), "full", cache);
  expect(withVolatile).toBe(stable + CUSTOM_VOLATILE_RESERVE);
  expect(volatileReserve(resolveRenderOptions({ tokenizer }), "minimal", cache)).not.toBe(stable);
});
