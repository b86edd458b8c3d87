// Two opencode processes starting at the same moment open the same files. Neither may fail, and neither
// may set aside (or delete the WAL of) a file the other has open: a lock is not corruption.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ROUNDS = 200;
const root = mkdtempSync(join(tmpdir(), "hud-open-at-once-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// the fixture is bundled from the source once, here, so that its processes start without transpiling it
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

type Opened = { round: number; ok: boolean; lines: string[] };

/** A fixture process: each `open(n)` sends it "go <n>" and resolves with the JSON line it prints for round n. */
function opener(what: string) {
  const proc = Bun.spawn([process.execPath, FIXTURE, what, root], { stdin: "pipe", stdout: "pipe", stderr: "pipe" });
  const lines = proc.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  const nextLine = async (): Promise<string | undefined> => {
    while (!buffered.includes("\n")) {
      const chunk = await lines.read();
      if (chunk.done) return undefined;
      buffered += chunk.value;
    }
    const cut = buffered.indexOf("\n");
    const line = buffered.slice(0, cut);
    buffered = buffered.slice(cut + 1);
    return line;
  };
  return {
    ready: nextLine(),
    send: (line: string) => proc.stdin.write(`${line}\n`),
    flush: () => proc.stdin.flush(),
    nextLine,
    async end() {
      proc.stdin.write("end\n");
      proc.stdin.end();
      return { code: await proc.exited, err: (await new Response(proc.stderr).text()).trim() };
    },
  };
}

// The two processes stay up and open a fresh folder each round: the race is between two connections opening
// (creating, migrating) the same new files at once, and a process start adds only its modules' loading, which
// both have done before the first "go". Each round's "go" is written to both, then flushed to both.
for (const what of ["recall", "board"] as const)
  test(`${what}: two processes open it at once, ${ROUNDS} times: both open, nothing logged, nothing set aside`, async () => {
    const pair = [opener(what), opener(what)];
    expect(await Promise.all(pair.map((p) => p.ready))).toEqual(["ready", "ready"]);
    const failures: unknown[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      for (const p of pair) p.send(`go ${i}`);
      await Promise.all(pair.map((p) => p.flush()));
      const results = await Promise.all(pair.map(async (p) => (await p.nextLine()) ?? "(exited)"));
      const parsed = results.map((line) => {
        try {
          return JSON.parse(line) as Opened;
        } catch {
          return { round: -1, ok: false, lines: [line] };
        }
      });
      const files = readdirSync(join(root, `${what}-${i}`)).sort();
      const bad = parsed.some((r) => r.round !== i || !r.ok || r.lines.length > 0);
      if (bad || files.some((f) => f.includes(".broken-") || f.includes(".corrupt-")))
        failures.push({ i, parsed, files });
    }
    const ends = await Promise.all(pair.map((p) => p.end()));
    expect(failures).toEqual([]);
    expect(ends).toEqual([
      { code: 0, err: "" },
      { code: 0, err: "" },
    ]);
    // the limit only stops a hang
  }, 600_000);
