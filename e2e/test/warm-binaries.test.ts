// The runner's binary warmer (harness/warm-binaries.ts): one read per binary while it stays fresh, the read
// under way shared by whoever waits for it, a new read once no file started the binary for FRESH_MS.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BinaryWarmer, FRESH_MS } from "../harness/warm-binaries.ts";

const dir = mkdtempSync(join(tmpdir(), "agent-hud-warm-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const binary = join(dir, "host");
writeFileSync(binary, "x".repeat(4096));
const link = join(dir, "host-link");
symlinkSync(binary, link);

test("a binary is read once while fresh, its link counts as itself, and a waiting file waits for that read", async () => {
  const reads: string[] = [];
  let finish = () => {};
  const warmer = new BinaryWarmer(
    (path) => {
      reads.push(path);
      return new Promise((resolve) => (finish = resolve));
    },
    () => 1_000,
  );
  warmer.ahead([binary]);
  let waited = false;
  const before = warmer.before([link]).then(() => (waited = true));
  await Bun.sleep(0);
  expect(reads).toEqual([binary]);
  expect(waited).toBe(false);
  finish();
  await before;
  expect(waited).toBe(true);
});

test("once no file started it for longer than FRESH_MS, it is read again", async () => {
  const reads: string[] = [];
  let now = 0;
  const warmer = new BinaryWarmer(
    async (path) => void reads.push(path),
    () => now,
  );
  await warmer.before([binary]);
  now = FRESH_MS;
  await warmer.before([binary]);
  expect(reads).toHaveLength(1);
  now = 2 * FRESH_MS + 1;
  await warmer.before([binary]);
  expect(reads).toHaveLength(2);
});

test("the real read finishes for a binary and for a missing path (the file reports that one itself)", async () => {
  expect(await new BinaryWarmer().before([binary, join(dir, "missing")])).toBeUndefined();
});
