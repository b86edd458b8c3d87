import { expect } from "bun:test";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

const DIR = join(import.meta.dir, "..", "..", "fixtures");

/**
 * Compares `actual` with the checked-in golden file under fixtures/. A missing golden fails the test;
 * `UPDATE=1` writes it (and rewrites changed ones) instead, so a golden never silently creates itself.
 */
export function expectGolden(name: string, actual: string): void {
  const file = join(DIR, name);
  if (process.env["UPDATE"] === "1") {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, actual);
    return;
  }
  if (!existsSync(file)) throw new Error(`golden ${name} is missing; run the test with UPDATE=1 to write it`);
  expect(actual).toBe(readFileSync(file, "utf8"));
}
