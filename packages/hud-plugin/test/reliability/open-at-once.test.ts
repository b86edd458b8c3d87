// Two opencode processes starting at the same moment open the same files. Neither may fail, and neither
// may set aside (or delete the WAL of) a file the other has open: a lock is not corruption.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const FIXTURE = join(import.meta.dir, "fixtures", "open-at-once.ts");
const ROUNDS = 50;
const root = mkdtempSync(join(tmpdir(), "hud-open-at-once-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function round(what: "recall" | "board", i: number) {
  const dir = join(root, `${what}-${i}`);
  const barrier = join(root, `${what}-${i}.go`);
  const procs = [0, 1].map(() =>
    Bun.spawn([process.execPath, FIXTURE, what, dir, barrier], { stdout: "pipe", stderr: "pipe" }),
  );
  // the barrier opens once both are running with their modules loaded (each leaves a ready file), so their
  // opens really meet; a process that exited early opens it too, and its result below says why
  const ready = () => readdirSync(root).filter((f) => f.startsWith(`${what}-${i}.go.ready-`)).length;
  while (ready() < procs.length && procs.every((p) => p.exitCode === null)) await Bun.sleep(1);
  writeFileSync(barrier, "");
  const results = [];
  for (const proc of procs) {
    const [out, err, code] = [
      await new Response(proc.stdout).text(),
      await new Response(proc.stderr).text(),
      await proc.exited,
    ];
    results.push({ code, err: err.trim(), ...(JSON.parse(out || "{}") as { ok?: boolean; lines?: string[] }) });
  }
  return { results, files: readdirSync(dir).sort() };
}

for (const what of ["recall", "board"] as const)
  test(`${what}: two processes open it at once, ${ROUNDS} times: both open, nothing logged, nothing set aside`, async () => {
    const failures: unknown[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const { results, files } = await round(what, i);
      const bad = results.some((r) => r.code !== 0 || r.ok !== true || (r.lines?.length ?? 1) > 0 || r.err !== "");
      if (bad || files.some((f) => f.includes(".broken-") || f.includes(".corrupt-")))
        failures.push({ i, results, files });
    }
    expect(failures).toEqual([]);
    // the limit only stops a hang: 100 process starts take 20 to 32 s on a busy machine
  }, 600_000);
