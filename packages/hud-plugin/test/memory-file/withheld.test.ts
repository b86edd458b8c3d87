import { afterEach, expect, test } from "bun:test";
import { applyEvent, emptyState, type HudEvent, type HudState } from "@agent-hud/hud-components";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MemoryFileSync } from "../../src/memory-file/index.ts";
import { createRedactor } from "../../src/privacy/index.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// a random run no rule names: the redactor keeps it, the strict check does not
const RUN = "Qm7tR2vX9pL4kW8nZ3cF6hJ1sD5gB0yA4eU7iK2q";

test("an item still secret-shaped after redaction is never written, logged once, and not read back as a deletion", () => {
  const dir = mkdtempSync(join(tmpdir(), "memory-withheld-"));
  dirs.push(dir);
  // an item that reached project memory without the hud tool's check (an older database, say)
  let state: HudState = {
    ...emptyState("project"),
    conventions: [
      { id: "c1", content: "tests use bun test", at: 1 },
      { id: "c2", content: `staging deploys with ${RUN}`, at: 2 },
    ],
  };
  const project = {
    state: () => state,
    append: (event: HudEvent) => void (state = applyEvent(state, event).state),
  };
  const warnings: string[] = [];
  const seen = new Set<string>();
  const log = {
    log: () => {},
    once: (key: string, _level: string, message: string) =>
      void (seen.has(key) || (seen.add(key), warnings.push(message))),
  };
  const redact = createRedactor({ redact: true }).deep;
  const sync = new MemoryFileSync(dir, project, { git: "ignore", redact }, log, () => 1_000);
  sync.schedule();
  sync.flush();
  const text = readFileSync(sync.path, "utf8");
  expect(text).toContain("tests use bun test");
  expect(text).not.toContain(RUN.slice(0, 12));
  expect(warnings).toEqual([
    expect.stringMatching(/not written: it holds a random run of 40 characters after redaction$/),
  ]);
  const stamp = statSync(sync.path).mtimeMs;
  // reading the file back keeps the withheld item in project memory, and nothing is written again
  for (let i = 0; i < 3; i++) {
    sync.read();
    sync.flush();
  }
  expect(state.conventions.map((c) => c.id)).toEqual(["c1", "c2"]);
  expect(statSync(sync.path).mtimeMs).toBe(stamp);
  expect(readFileSync(sync.path, "utf8")).toBe(text);
  expect(warnings).toHaveLength(1);
});
