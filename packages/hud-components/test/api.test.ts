// The package's exports are reviewed through its committed API report: adding or removing an export, or
// an entry point, without rewriting api.md fails here.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { apiReport, entries, typeNames } from "../../../scripts/api-report.ts";

test("the exports match api.md (rewrite it with: bun scripts/api-report.ts packages/hud-components)", async () => {
  const committed = readFileSync(join(import.meta.dir, "..", "api.md"), "utf8");
  expect(await apiReport("packages/hud-components")).toBe(committed);
}, 30_000);

test("a name is in the root or in /internal, never both (values and types alike)", async () => {
  const points = new Map(entries(join(import.meta.dir, "..")));
  const files = ["@agent-hud/hud-components", "@agent-hud/hud-components/internal"].map((e) => points.get(e)!);
  const types = typeNames(files);
  const names = async (file: string) => new Set([...Object.keys(await import(file)), ...types.get(file)!]);
  const rootNames = await names(files[0]!);
  const internalNames = await names(files[1]!);
  // the scan read both entries (an empty list would pass vacuously)
  expect(rootNames.has("renderHud") && internalNames.has("treeParts")).toBe(true);
  expect([...rootNames].filter((n) => internalNames.has(n))).toEqual([]);
}, 30_000);
