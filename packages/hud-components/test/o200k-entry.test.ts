// The root entry never builds o200k's rank table; the o200k entry does, and from then on it is the default
// tokenizer. Each case runs in a fresh process: this test process has long since loaded o200k.
import { expect, test } from "bun:test";
import { join } from "node:path";

const src = join(import.meta.dir, "..", "src");

function run(code: string): { out: string; err: string; code: number } {
  const p = Bun.spawnSync(["bun", "-e", code], { cwd: src, stdout: "pipe", stderr: "pipe" });
  return { out: p.stdout.toString().trim(), err: p.stderr.toString(), code: p.exitCode };
}

const view = `{ session: m.emptyState("session"), project: m.emptyState("project") }`;
const context = `m.makeContextInfo({ usedTokens: 1, usableTokens: 100 })`;

test("importing the root does not load o200k; a render with no tokenizer says what to do", () => {
  const r = run(`const m = await import("./index.ts");
    try { m.renderHud(${view}, ${context}); console.log("rendered"); }
    catch (e) { console.log(e.message); }`);
  expect(r.out).toBe(
    'hud-components: no tokenizer given and o200k not loaded; pass options.tokenizer, import { bpeTokenizer } from "@agent-hud/hud-components/o200k", or await loadBpeTokenizer() first',
  );
});

test("after the o200k entry, or loadBpeTokenizer(), o200k is the default", () => {
  for (const load of [`await import("./o200k.ts")`, `await m.loadBpeTokenizer()`]) {
    const r = run(`const m = await import("./index.ts"); ${load};
      const opts = await import("./internal.ts");
      console.log(opts.resolveRenderOptions().tokenizer.name, m.renderHud(${view}, ${context}).tokens > 0);`);
    expect({ load, out: r.out, err: r.err }).toEqual({ load, out: "o200k_base true", err: "" });
  }
});
