import { afterAll, describe, expect, spyOn, test } from "bun:test";
import {
  applyEvent,
  emptyState,
  makeContextInfo,
  renderHud,
  utf8BoundTokenizer,
  type HudState,
  type HudView,
} from "@agent-hud/hud-components";
import { limits } from "../../src/agent-components/limits.ts";
import { newEngine } from "../../src/agent-components/quickjs.ts";
import { AgentComponents, sharedSandbox } from "../../src/agent-components/registry.ts";
import { SandboxProcess, timing, type Answer } from "../../src/agent-components/sandbox-client.ts";
import { ComponentSandbox } from "../../src/agent-components/sandbox.ts";
import { transpile } from "../../src/agent-components/transpile.ts";
import { RELAXED_MS } from "./support.ts";

const sandbox = new SandboxProcess();
afterAll(() => sandbox.kill());

/** A state with these notes, as the props JSON the sandbox process receives. */
const props = (notes: string[]) =>
  JSON.stringify({ state: { notes: notes.map((content, i) => ({ id: `n${i + 1}`, content })) }, project: {} });

const BIG_NOTE = `${"a".repeat(100_000)}b`;
const NEEDLE = '"a".repeat(50000) + "c"';
const component = (expr: string) =>
  `export default function C({ state }) {\n  const n = state.notes[0];\n  return <paragraph>{n ? String(${expr}) : "no note"}</paragraph>;\n}`;

async function renderOne(key: string, source: string, notes: string[], budgetMs: number): Promise<Answer> {
  const [answer] = await sandbox.renderAll(
    [{ op: "render", key, source, props: props(notes), densities: ["full"] }],
    budgetMs,
  );
  return answer!;
}

const text = (answer: Answer) =>
  answer.kind === "done" && answer.reply.ok
    ? answer.reply.outputs.map((o) => (o.ok ? o.json : o.error)).join()
    : answer;

// Each of these is one built-in call that QuickJS's interrupt handler never gets to stop: seconds of work on
// a 100k-character note. Only the kill from outside ends it.
const builtIns: Array<[string, string]> = [
  ["quadratic indexOf on a 100k note", `n.content.indexOf(${NEEDLE})`],
  ["includes on a 100k note", `n.content.includes(${NEEDLE})`],
  ["split on a 100k note", `n.content.split(${NEEDLE}).length`],
  ["replaceAll on a 100k note", `n.content.replaceAll(${NEEDLE}, "").length`],
  ["BigInt toString of a million bits", "(1n << 1000000n).toString().length"],
];

describe("a render no built-in call can outrun", () => {
  for (const [name, expr] of builtIns)
    test(`${name} is stopped within the budget, and the next render works in a new process`, async () => {
      const source = component(expr);
      expect(text(await renderOne(`cheap:${name}`, source, [], 5_000))).toContain("no note");
      const starts = sandbox.starts;
      const began = performance.now();
      const answer = await renderOne(`slow:${name}`, source, [BIG_NOTE], 150);
      // the call itself runs for seconds (over 3 s each when measured); the budget cuts it off
      expect(performance.now() - began).toBeLessThan(2_000);
      expect(answer).toEqual({ kind: "timeout", error: "took longer than the call's budget of 150 ms" });
      expect(text(await renderOne(`after:${name}`, source, [], 5_000))).toContain("no note");
      expect(sandbox.starts).toBe(starts + 1);
    });

  test("opening is outside the call's budget but bounded: a quadratic indexOf at load is killed after openMs", async () => {
    const source = `const found = ("a".repeat(100000) + "b").indexOf(${NEEDLE});\nexport default () => <paragraph>{String(found)}</paragraph>;`;
    const starts = sandbox.starts;
    const began = performance.now();
    const answer = await renderOne("load", source, [], 150);
    // outside the call's 150 ms: the open had its own openMs before the kill (a timer never fires early), and
    // the kill came well before the load would have ended by itself (seconds, measured in the test above)
    const took = performance.now() - began;
    expect(took).toBeGreaterThanOrEqual(limits.openMs);
    expect(took).toBeLessThan(limits.openMs + 2_000);
    expect(answer).toEqual({ kind: "timeout", error: `took longer than ${limits.openMs} ms to compile and load` });
    // the next render waits for a new process to start (~150 ms quiet, more on a busy machine): a wide budget
    expect(text(await renderOne("after-load", component("n.content.length"), [], 5_000))).toContain("no note");
    expect(sandbox.starts).toBe(starts + 1);
  });

  test("deep JSON.parse (100k levels) is one line; the sandbox is dropped and rebuilt, the process lives on", async () => {
    const source = component(`JSON.parse("[".repeat(100000) + "]".repeat(100000)).length`);
    const starts = sandbox.starts;
    const failed = await renderOne("deep", source, ["x"], 5_000);
    // QuickJS's own stack check or the host's stack, whichever the nesting reaches first
    expect(text(failed)).toMatch(/^overflowed (its|the host's) stack \(nesting too deep\)$/);
    const next = await renderOne("deep", source, [], 5_000);
    expect(next.kind === "done" && next.reply.ok && next.reply.opened).toBe(true);
    expect(text(next)).toContain("no note");
    expect(sandbox.starts).toBe(starts);
    expect(sandbox.stderr).not.toContain("Assertion");
  });

  test("an OOM sandbox is rebuilt, not reused", async () => {
    const source = component('(() => { const a = []; for (;;) a.push("y".repeat(100000) + a.length); })()');
    const failed = await renderOne("oom", source, ["x"], 5_000);
    expect(text(failed)).toBe("ran out of memory");
    const next = await renderOne("oom", source, [], 5_000);
    expect(next.kind === "done" && next.reply.ok && next.reply.opened).toBe(true);
    expect(text(next)).toContain("no note");
    // a sandbox that rendered fine is kept
    const again = await renderOne("oom", source, [], 5_000);
    expect(again.kind === "done" && again.reply.ok && again.reply.opened).toBe(false);
  });

  test("a sandbox process that died is rebuilt on the next render", async () => {
    const source = component("n.content.length");
    expect(text(await renderOne("died", source, [], 5_000))).toContain("no note");
    const starts = sandbox.starts;
    sandbox.kill();
    expect(text(await renderOne("died", source, [], 5_000))).toContain("no note");
    expect(sandbox.starts).toBe(starts + 1);
  });
});

describe("a broken engine", () => {
  test("a host error thrown out of the wasm marks the sandbox broken; the next render opens a new one", async () => {
    const code = transpile(component("n.content.length"));
    if (!code.ok) throw new Error(code.error);
    const opened = ComponentSandbox.open(await newEngine(), code.code, RELAXED_MS, RELAXED_MS);
    if (!opened.ok) throw new Error(opened.error);
    const broken = opened.sandbox;
    const context = (broken as unknown as { context: { callFunction: () => never } }).context;
    spyOn(context, "callFunction").mockImplementation(() => {
      throw new RangeError("Maximum call stack size exceeded");
    });
    expect(broken.call(props(["x"]).replace(/}$/, ',"density":"full"}'))).toEqual({
      ok: false,
      error: "overflowed the host's stack (nesting too deep)",
    });
    expect(broken.broken).toBe(true);
    const runtime = (broken as unknown as { runtime: { dispose: () => void } }).runtime;
    const disposed = spyOn(runtime, "dispose");
    broken.dispose();
    expect(disposed).not.toHaveBeenCalled();
  });

  test("dispose after overflow does not abort the process", async () => {
    // a process of its own: an abort would take the test runner with it
    const script = `
      import { newEngine } from ${JSON.stringify(new URL("../../src/agent-components/quickjs.ts", import.meta.url).pathname)};
      import { ComponentSandbox } from ${JSON.stringify(new URL("../../src/agent-components/sandbox.ts", import.meta.url).pathname)};
      import { transpile } from ${JSON.stringify(new URL("../../src/agent-components/transpile.ts", import.meta.url).pathname)};
      const code = transpile(${JSON.stringify(component('JSON.parse("[".repeat(100000) + "]".repeat(100000)).length'))});
      for (let i = 0; i < 3; i++) {
        const opened = ComponentSandbox.open(await newEngine(), code.code, 5000, 5000);
        const out = opened.sandbox.call(${JSON.stringify(props(["x"]).replace(/}$/, ',"density":"full"}'))});
        console.log(out.ok ? "rendered" : out.error, opened.sandbox.broken);
        opened.sandbox.dispose();
      }
      Bun.gc(true);
      console.log("survived");
    `;
    const child = Bun.spawn([process.execPath, "-e", script], { stdout: "pipe", stderr: "pipe" });
    const [out, err, code] = await Promise.all([
      new Response(child.stdout).text(),
      new Response(child.stderr).text(),
      child.exited,
    ]);
    expect(err).not.toContain("Assertion");
    const lines = out.trim().split("\n");
    expect(lines).toHaveLength(4);
    for (const line of lines.slice(0, 3))
      expect(line).toMatch(/^overflowed (its|the host's) stack \(nesting too deep\) true$/);
    expect(lines[3]).toBe("survived");
    expect(code).toBe(0);
  });
});

describe("one budget for all agent components of an LLM call", () => {
  test("total budget across 5 slow components: one is cut off, the rest wait, and the HUD shows the failure label", async () => {
    const saved = timing.renderMs;
    timing.renderMs = RELAXED_MS; // only the call's budget may stop these
    try {
      // each render busy-waits 400 ms of wall time; five of them would take 2 s
      const slow = (name: string) =>
        `export default function ${name}() { const t = Date.now(); while (Date.now() - t < 400); return <paragraph>${name} done</paragraph>; }`;
      let state: HudState = emptyState();
      for (const [i, name] of ["A", "B", "C", "D", "E"].entries())
        state = applyEvent(state, { kind: "component.define", at: 10 + i, name, source: slow(name) }).state;
      const view: HudView = { session: state, project: emptyState("project") };
      const agents = new AgentComponents({ enabled: true, maxCount: 8, budgetMs: 1_500 }, () => 1);
      await sharedSandbox().start();
      await agents.prepare(view);
      const hud = renderHud(view, makeContextInfo({ usedTokens: 0, usableTokens: 100_000 }), {
        tokenizer: utf8BoundTokenizer,
        custom: agents.sections(view, []),
      }).markdown;
      const done = ["A", "B", "C", "D", "E"].filter((name) => hud.includes(`${name} done`));
      const cut = ["A", "B", "C", "D", "E"].filter((name) =>
        hud.includes(`**⚠ agent component failed** ${name}: took longer than the call's budget of 1500 ms`),
      );
      expect(done.length).toBeGreaterThanOrEqual(1);
      expect(cut).toEqual([["A", "B", "C", "D", "E"][done.length]!]);
      expect(done.length + cut.length).toBeLessThan(5);
      // the next call renders the ones that waited before the one that was cut off
      expect(agents.needsRender(view)).toBe(true);
    } finally {
      timing.renderMs = saved;
    }
  });
});
