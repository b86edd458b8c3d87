// The root entry never builds o200k's rank table (a render counts with the estimate); the o200k entry does,
// and from then on it is the default tokenizer. Each case runs in a fresh process: this test process has long since loaded o200k.
import { expect, test } from "bun:test";
import { join } from "node:path";

const src = join(import.meta.dir, "..", "src");

function run(code: string): { out: string; err: string; code: number } {
  const p = Bun.spawnSync(["bun", "-e", code], { cwd: src, stdout: "pipe", stderr: "pipe" });
  return { out: p.stdout.toString().trim(), err: p.stderr.toString(), code: p.exitCode };
}

const view = `{ session: m.emptyState("session"), project: m.emptyState("project") }`;
const context = `m.makeContextInfo({ usedTokens: 1, usableTokens: 100 })`;

test("importing the root does not load o200k; a render with no tokenizer counts with the estimate", () => {
  const r = run(`const m = await import("./index.ts");
    const opts = await import("./internal.ts");
    console.log(opts.resolveRenderOptions().tokenizer.name, m.renderHud(${view}, ${context}).tokens > 0);
    console.log(process.memoryUsage().rss < 100 * 2 ** 20);`);
  // o200k's table alone is about 140 MiB: a process that built it is past 100 MiB
  expect({ out: r.out, err: r.err }).toEqual({ out: "tokenx×1.2 true\ntrue", err: "" });
});

test("after the o200k entry, or loadBpeTokenizer(), o200k is the default", () => {
  for (const load of [`await import("./o200k.ts")`, `await m.loadBpeTokenizer()`]) {
    const r = run(`const m = await import("./index.ts"); ${load};
      const opts = await import("./internal.ts");
      console.log(opts.resolveRenderOptions().tokenizer.name, m.renderHud(${view}, ${context}).tokens > 0);`);
    expect({ load, out: r.out, err: r.err }).toEqual({ load, out: "o200k_base true", err: "" });
  }
});

test("a render before o200k loads counts with the estimate, the same call after it with o200k", () => {
  for (const load of [`await import("./o200k.ts")`, `await m.loadBpeTokenizer()`]) {
    const r = run(`const m = await import("./index.ts"); const opts = await import("./internal.ts");
      m.renderHud(${view}, ${context}); const before = opts.resolveRenderOptions().tokenizer.name; ${load};
      console.log(before, opts.resolveRenderOptions().tokenizer.name);`);
    expect({ load, out: r.out, err: r.err }).toEqual({ load, out: "tokenx×1.2 o200k_base", err: "" });
  }
});
