// Two opencode processes starting at the same moment open the same files. Neither may fail, and neither
// may set aside (or delete the WAL of) a file the other has open: a lock is not corruption.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ROUNDS = 50;
const root = mkdtempSync(join(tmpdir(), "hud-open-at-once-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// the fixture is bundled from the source once, here: a process then starts in a third of the CPU (0.05 s
// instead of 0.17 s, most of it reading and transpiling the TypeScript), and 200 of them start below
const FIXTURE = join(root, "open-at-once.js");
beforeAll(async () => {
  const built = await Bun.build({
    entrypoints: [join(import.meta.dir, "fixtures", "open-at-once.ts")],
    target: "bun",
    outdir: root,
    naming: "open-at-once.js",
  });
  if (!built.success) throw new AggregateError(built.logs, "the open-at-once fixture did not build");
});

async function round(what: "recall" | "board", i: number) {
  const dir = join(root, `${what}-${i}`);
  const procs = [0, 1].map(() => {
    const proc = Bun.spawn([process.execPath, FIXTURE, what, dir], { stdin: "pipe", stdout: "pipe", stderr: "pipe" });
    return { proc, out: proc.stdout.pipeThrough(new TextDecoderStream()).getReader() };
  });
  // "go" goes to both once both are running with their modules loaded (each says "ready"), so their opens
  // really meet; a process that exited early gets it too, and its result below says why
  const firsts = await Promise.all(
    procs.map(async ({ out }) => {
      let text = "";
      for (let chunk = await out.read(); !chunk.done; chunk = await out.read())
        if ((text += chunk.value).includes("\n")) break;
      return text;
    }),
  );
  for (const { proc } of procs) proc.stdin.write("go\n");
  for (const { proc } of procs) proc.stdin.end();
  const results = [];
  for (const [n, { proc, out }] of procs.entries()) {
    let text = firsts[n]!;
    for (let chunk = await out.read(); !chunk.done; chunk = await out.read()) text += chunk.value;
    const [, ...rest] = text.split("\n");
    const [err, code] = [await new Response(proc.stderr).text(), await proc.exited];
    results.push({
      code,
      err: err.trim(),
      ...(JSON.parse(rest.join("\n") || "{}") as { ok?: boolean; lines?: string[] }),
    });
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
