import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { densities } from "../src/index.ts";
import { renderAllDensities, viewFromJson } from "../src/testing/index.ts";

// Golden files: fixtures/<case>/state.json (event lists, replayed) → {full,compact,minimal}.md.
// Regenerate after an intended change with `UPDATE=1 bun test`; without it a missing golden fails, so a
// deleted or never-committed file cannot pass by being written and compared with itself.
const root = join(import.meta.dir, "..", "fixtures");
const update = process.env["UPDATE"] === "1";
const cases = readdirSync(root).filter((name) => existsSync(join(root, name, "state.json")));

describe("golden fixtures", () => {
  test("at least the required realistic cases exist", () => {
    for (const name of [
      "empty",
      "mid-task",
      "many-notes",
      "blockers",
      "after-compaction",
      "unicode",
      "project-memory",
    ]) {
      expect(cases).toContain(name);
    }
  });

  for (const name of cases) {
    test(name, () => {
      const { view, now } = viewFromJson(JSON.parse(readFileSync(join(root, name, "state.json"), "utf8")));
      const rendered = renderAllDensities(view, now === undefined ? {} : { now });
      for (const density of densities) {
        const file = join(root, name, `${density}.md`);
        if (update) writeFileSync(file, rendered[density]);
        else if (!existsSync(file)) throw new Error(`missing golden ${name}/${density}.md: run UPDATE=1 bun test`);
        expect(rendered[density]).toBe(readFileSync(file, "utf8"));
      }
    });
  }
});
