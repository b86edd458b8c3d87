// The package's exports are reviewed through its committed API report: adding or removing an export, or
// an entry point, without rewriting api.md fails here.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { apiReport } from "../../../scripts/api-report.ts";

test("the exports match api.md (rewrite it with: bun scripts/api-report.ts packages/hud-components)", async () => {
  const committed = readFileSync(join(import.meta.dir, "..", "api.md"), "utf8");
  expect(await apiReport("packages/hud-components")).toBe(committed);
}, 30_000);
