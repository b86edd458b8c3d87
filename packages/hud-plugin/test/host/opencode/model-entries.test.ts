import { describe, expect, test } from "bun:test";
import type { CacheLedgers } from "../../../src/cache-ledger/ledgers.ts";
import { ModelLimitsBook } from "../../../src/context/model-limits.ts";
import { learnConfig, learnModel } from "../../../src/host/opencode/model-entries.ts";

describe("opencode's model entries feed the limits book and the ledger's prices", () => {
  test("from the config and from a hook's model; an entry without a limit or provider teaches nothing", () => {
    const book = new ModelLimitsBook();
    learnConfig(
      {
        provider: {
          fake: { models: { m: { limit: { context: 100_000, output: 4_000 } }, nolimit: {} } },
          broken: null,
        },
      },
      book,
    );
    expect(book.get("fake", "m")).toEqual({ context: 100_000, output: 4_000 });
    expect(book.get("fake", "nolimit")).toBeUndefined();
    expect(
      learnModel({ id: "x", providerID: "p", limit: { context: 50_000, output: 1_000, input: 40_000 } }, book),
    ).toEqual({ context: 50_000, output: 1_000, input: 40_000 });
    expect(book.get("p", "x")?.input).toBe(40_000);
    expect(book.get(undefined, "x")).toBeUndefined();
    // a model without provider and id still reports its limits to the caller, but the book cannot file them
    expect(learnModel({ limit: { context: 10_000, output: 0 } }, book)).toEqual({ context: 10_000, output: 0 });
    learnConfig("not a config", book);
    learnConfig({ provider: "nope" }, book);
    expect(book.get("fake", "m")).toEqual({ context: 100_000, output: 4_000 });
  });

  test("prices reach the ledger from the config and from a hook's model", () => {
    const set: string[] = [];
    // only the one method the entries call: the ledger's own storage is tested with the ledger
    const ledger = {
      setPrices: (provider: string, model: string, prices: { input: number; output: number }) =>
        void set.push(`${provider}/${model}:${prices.input}/${prices.output}`),
    } as unknown as CacheLedgers;
    learnConfig(
      { provider: { a: { models: { m: { cost: { input: 3, output: 15 } }, free: { cost: {} } } } } },
      undefined,
      ledger,
    );
    learnModel({ id: "n", providerID: "b", cost: { input: 1, output: 2, cache: { read: 0.1 } } }, undefined, ledger);
    expect(set).toEqual(["a/m:3/15", "b/n:1/2"]);
  });
});
