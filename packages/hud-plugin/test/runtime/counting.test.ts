// The `tokenizer` option: the estimate never loads o200k however large the HUD; "o200k" counts with the
// byte bound first and asks for the table once a HUD passes a quarter of its budget.
import { expect, test } from "bun:test";
import { defaultConfig } from "../../src/config/index.ts";
import { countingTokenizer } from "../../src/runtime/counting.ts";

test("the default counts with the estimate from the start and never asks for o200k, even past its budget", () => {
  const counting = countingTokenizer(defaultConfig.tokenizer);
  expect(defaultConfig.tokenizer).toBe("estimate");
  expect(counting.ready).toBe(true);
  expect(counting.current.name).toBe("tokenx×1.2");
  expect(counting.observe(900, 800, { notes: 3 })).toBe(false);
  expect(counting.current.name).toBe("tokenx×1.2");
});

test('"o200k" counts with the byte bound until its table loads, and asks for a render again when the bound cut', () => {
  const counting = countingTokenizer("o200k");
  expect(counting.ready).toBe(false);
  expect(counting.current.name).toBe("utf8-bytes");
  expect(counting.observe(700, 800, { notes: 3 })).toBe(true);
});
