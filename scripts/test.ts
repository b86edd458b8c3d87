// Runs every package's typecheck and tests through turbo, then prints one closing line that sums bun test's
// per-package "N pass" / "N fail" counts, so a reader (or CI) sees the whole run's result at a glance.
const turbo = Bun.spawn(
  [
    "turbo",
    "run",
    "typecheck",
    "test",
    "--concurrency=2",
    "--output-logs=new-only",
    "--log-order=grouped",
    ...Bun.argv.slice(2),
  ],
  { stdout: "pipe", stderr: "inherit", env: process.env },
);

let passed = 0;
let failed = 0;
let skipped = 0;
let buffered = "";
const decoder = new TextDecoder();

function count(line: string): void {
  const m = /^\S*:test:\s+(\d+) (pass|fail|skip)$/.exec(Bun.stripANSI(line).trim());
  if (!m) return;
  const n = Number(m[1]);
  if (m[2] === "pass") passed += n;
  else if (m[2] === "fail") failed += n;
  else skipped += n;
}

for await (const chunk of turbo.stdout) {
  const text = decoder.decode(chunk, { stream: true });
  process.stdout.write(text);
  buffered += text;
  const lines = buffered.split("\n");
  buffered = lines.pop() ?? "";
  for (const line of lines) count(line);
}
count(buffered);

const code = await turbo.exited;
const tail = skipped > 0 ? `, ${skipped} skipped` : "";
console.log(`\ntests: ${passed} passed, ${failed} failed${tail}`);
process.exit(code !== 0 ? code : failed > 0 ? 1 : 0);
