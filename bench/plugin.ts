// Plugin benchmark: what one LLM call costs through the real hooks (system transform + messages transform:
// state catch-up from the store, render, the HUD tail message; the call's turn event and session touch are
// written after the hook returns, between calls), and how render time and HUD tokens grow with the number
// of items. `bun plugin.ts` runs it alone.
import {
  makeContextInfo,
  renderHud,
  replay,
  type Density,
  type HudEvent,
  type HudView,
  type SectionCaps,
} from "@agent-hud/hud-components";
import { bpeTokenizer } from "@agent-hud/hud-components/o200k";
import { clearRenderMemo } from "@agent-hud/hud-components/internal";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createHooks } from "@agent-hud/hud-plugin/internal";
import { pluginInput } from "./session-common.ts";

const HOOK_TARGET_P99_MS = 2;
/** Linux's RAM-backed tmpfs; skipped where absent. */
const RAM_DIR = "/dev/shm";
const SESSION = "ses_bench01";
const MODEL = { id: "m", providerID: "bench", limit: { context: 200_000, output: 8_000 } };

/** Item mix of the reference state (10 decisions, 20 notes, 15 files, 10 steps, 3 blockers), scaled to `total`. */
function mix(total: number): Record<"decisions" | "notes" | "files" | "steps" | "blockers", number> {
  const ref = { decisions: 10, notes: 20, files: 15, steps: 10, blockers: 3 };
  const sum = 58;
  const scaled = Object.fromEntries(
    Object.entries(ref).map(([k, v]) => [k, Math.max(1, Math.round((v * total) / sum))]),
  ) as typeof ref;
  scaled.notes += total - Object.values(scaled).reduce((a, b) => a + b, 0);
  return scaled;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const fmt = (n: number, digits = 3) => n.toFixed(digits);

type Msg = {
  info: Record<string, unknown> & { id: string; role: string; sessionID: string };
  parts: Array<Record<string, unknown> & { id: string; type: string }>;
};

/** A plugin instance over its own store, with the SDK client reduced to a silent logger. */
export type Hooks = Required<Awaited<ReturnType<typeof createHooks>>>;

export async function plugin(dir: string, options: Record<string, unknown>): Promise<Hooks> {
  const client = {
    app: { log: async () => {} },
    session: { messages: async () => ({ data: [] }), summarize: async () => {} },
  };
  const input = { ...pluginInput(client, join(dir, "project")), $: undefined };
  return (await createHooks(input as never, { storageDir: join(dir, "store"), ...options })) as Hooks;
}

async function hud(hooks: Hooks, tool: string, args: Record<string, unknown>): Promise<void> {
  await hooks.tool.hud!.execute(
    { tool, args } as never,
    { sessionID: SESSION, messageID: "msg_b", agent: "build", abort: new AbortController().signal } as never,
  );
}

/** Fills a session through the real tool and tool.execute.after, as an agent would. */
async function populate(hooks: Hooks, counts: ReturnType<typeof mix>): Promise<void> {
  await hud(hooks, "task.set", { description: "Rotate refresh tokens and revoke the family on reuse" });
  for (let i = 0; i < counts.decisions; i++)
    await hud(hooks, "decisions.record", {
      summary: `Decision ${i}: keep auth in packages/auth`,
      details: "the admin app reuses it",
    });
  for (let i = 0; i < counts.notes; i++)
    await hud(hooks, "notes.add", { content: `Note ${i}: the rate limiter uses Redis INCR with a 60 s window` });
  for (let i = 0; i < counts.steps; i++)
    await hud(hooks, "steps.add", { description: `Step ${i}: implement refresh rotation in refresh-store.ts` });
  for (let i = 0; i < counts.blockers; i++)
    await hud(hooks, "blockers.add", { description: `Blocker ${i}: staging database credentials expired` });
  for (let i = 0; i < counts.files; i++)
    await hooks["tool.execute.after"](
      {
        tool: i % 3 ? "read" : "edit",
        sessionID: SESSION,
        callID: `c${i}`,
        args: { filePath: `src/module-${i}/file-${i}.ts` },
      } as never,
      {} as never,
    );
}

/** A 20-message conversation; each call adds an assistant reply whose usage grows a little. */
function conversation(): { messages: Msg[]; next(i: number): Msg[] } {
  const messages: Msg[] = [];
  for (let i = 0; i < 10; i++) {
    messages.push({
      info: { id: `msg_${String(2 * i).padStart(5, "0")}`, role: "user", sessionID: SESSION, time: { created: 2 * i } },
      parts: [{ id: `prt_u${i}`, type: "text", text: `request ${i}` }],
    });
    messages.push({
      info: {
        id: `msg_${String(2 * i + 1).padStart(5, "0")}`,
        role: "assistant",
        sessionID: SESSION,
        providerID: "bench",
        modelID: "m",
        time: { created: 2 * i + 1 },
        tokens: { input: 40_000, output: 500, reasoning: 0, cache: { read: 0, write: 0 } },
      },
      parts: [{ id: `prt_a${i}`, type: "text", text: `answer ${i}` }],
    });
  }
  return {
    messages,
    next(i) {
      const last = messages.at(-1)!;
      const tokens = { input: 40_000 + (i % 500) * 10, output: 500, reasoning: 0, cache: { read: 0, write: 0 } };
      const reply = {
        ...last,
        info: { ...last.info, id: `msg_z${String(i).padStart(7, "0")}`, time: { created: 1000 + i }, tokens },
      };
      const user = messages[0]!;
      return [
        ...messages.slice(0, -1),
        reply,
        { ...user, info: { ...user.info, id: `msg_zz${String(i).padStart(7, "0")}` } },
      ];
    },
  };
}

type HookResult = { items: number; p50: number; p99: number; max: number; hudTokens: number };

/** Per-call cost of the two hooks opencode runs before every LLM request, with a real store underneath. */
async function benchHooks(
  label: string,
  counts: ReturnType<typeof mix>,
  caps?: Partial<SectionCaps>,
  parent = tmpdir(),
): Promise<HookResult & { label: string }> {
  const dir = mkdtempSync(join(parent, "hud-plugin-bench-"));
  try {
    const hooks = await plugin(dir, caps ? { caps } : {});
    await populate(hooks, counts);
    const convo = conversation();
    let lastHud = "";
    const call = async (i: number) => {
      const system = { system: ["You are opencode."] };
      const output = { messages: convo.next(i) };
      const t0 = Bun.nanoseconds();
      await hooks["experimental.chat.system.transform"]({ sessionID: SESSION, model: MODEL } as never, system);
      await hooks["experimental.chat.messages.transform"]({} as never, output as never);
      const elapsed = (Bun.nanoseconds() - t0) / 1e6;
      lastHud = String(output.messages.at(-1)?.parts[0]?.text ?? "");
      return elapsed;
    };
    // Between two LLM calls the host's event loop turns over (the request streams); work the plugin
    // schedules after a hook returns runs there, outside the timed hooks, as it would in opencode.
    const idle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
    for (let i = 0; i < 200; i++) {
      await call(i);
      await idle();
    }
    const samples: number[] = [];
    for (let i = 0; i < 2000; i++) {
      samples.push(await call(200 + i));
      await idle();
    }
    await hooks.dispose();
    if (!lastHud.startsWith("<agent-hud>")) throw new Error(`${label}: the messages transform produced no HUD`);
    samples.sort((a, b) => a - b);
    const items = Object.values(counts).reduce((a, b) => a + b, 0);
    return {
      label,
      items,
      p50: percentile(samples, 50),
      p99: percentile(samples, 99),
      max: samples.at(-1)!,
      hudTokens: bpeTokenizer.count(lastHud),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A view with `total` items; caps raised so every item stays in the state (the budget is what binds). */
function viewWith(total: number): HudView {
  const counts = mix(total);
  const caps = { decisions: total, notes: total, files: total, steps: total, blockers: total };
  const at = 1_767_600_000_000;
  const events: HudEvent[] = [
    { kind: "task.set", at, description: "Rotate refresh tokens and revoke the family on reuse" },
  ];
  for (let i = 0; i < counts.decisions; i++)
    events.push({
      kind: "decision.record",
      at: at + i,
      summary: `Decision ${i}: keep auth in packages/auth`,
      details: "the admin app reuses it",
    });
  for (let i = 0; i < counts.notes; i++)
    events.push({
      kind: "note.add",
      at: at + i,
      content: `Note ${i}: the rate limiter uses Redis INCR with a 60 s window`,
    });
  for (let i = 0; i < counts.steps; i++)
    events.push({
      kind: "step.add",
      at: at + i,
      description: `Step ${i}: implement refresh rotation in refresh-store.ts`,
    });
  for (let i = 0; i < counts.blockers; i++)
    events.push({ kind: "blocker.add", at: at + i, description: `Blocker ${i}: staging database credentials expired` });
  for (let i = 0; i < counts.files; i++)
    events.push({ kind: "file.open", at: at + i, path: `src/module-${i}/file-${i}.ts`, action: "read" });
  return { session: replay("session", events, { caps }), project: replay("project", []) };
}

const usageOf: Record<Density, number> = { full: 30, compact: 75, minimal: 90 };

/** Render time (memo cleared: the cost right after an edit) and HUD tokens at each density. */
function renderGrowth(total: number): {
  total: number;
  ms: Record<Density, number>;
  tokens: Record<Density, number>;
  omitted: number;
} {
  const view = viewWith(total);
  const ms = {} as Record<Density, number>;
  const tokens = {} as Record<Density, number>;
  let omitted = 0;
  for (const density of ["full", "compact", "minimal"] as Density[]) {
    const context = makeContextInfo({ usedTokens: usageOf[density] * 1920, usableTokens: 192_000, history: [] });
    const runs = total >= 10_000 ? 20 : total >= 1_000 ? 100 : 400;
    const samples: number[] = [];
    let result = renderHud(view, context);
    for (let i = 0; i < runs; i++) {
      clearRenderMemo();
      const t0 = Bun.nanoseconds();
      result = renderHud(view, context);
      samples.push((Bun.nanoseconds() - t0) / 1e6);
    }
    samples.sort((a, b) => a - b);
    ms[density] = percentile(samples, 50);
    tokens[density] = bpeTokenizer.count(result.markdown);
    if (density === "full") omitted = Object.values(result.omitted).reduce((a, b) => a + b, 0);
  }
  return { total, ms, tokens, omitted };
}

/**
 * The same percentiles for fixed CPU work of about the hook's length: on a shared machine the p99 of any
 * sub-millisecond operation is set by preemption, and this line shows how much of it that is.
 */
function machineNoise(): { p50: number; p99: number } {
  const samples: number[] = [];
  let sink = 0;
  for (let i = 0; i < 2000; i++) {
    const t0 = Bun.nanoseconds();
    for (let k = 0; k < 150_000; k++) sink += k % 7;
    samples.push((Bun.nanoseconds() - t0) / 1e6);
  }
  if (sink < 0) console.log(sink);
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

export async function runPluginBench(): Promise<void> {
  console.log(
    `## plugin hooks (real createHooks + EventStore; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")})`,
  );
  console.log(
    "per LLM call: system transform + messages transform (catch-up read, render, HUD tail; the turn and session touch are written after the hook, untimed); n=2000 after 200 warm-up calls",
  );
  await benchHooks("JIT warm-up, not shown", mix(58));
  const noise = machineNoise();
  console.log(
    `machine noise (fixed CPU loop, no I/O): p50 ${fmt(noise.p50)} ms  p99 ${fmt(noise.p99)} ms  (p99/p50 ${(noise.p99 / noise.p50).toFixed(1)}×)`,
  );
  console.log("items | mix (d/n/f/s/b)     | p50 ms | p99 ms | max ms | HUD tokens | note");
  const rows = [
    await benchHooks("reference", { decisions: 10, notes: 20, files: 15, steps: 10, blockers: 3 }),
    await benchHooks("10", mix(10)),
    await benchHooks("100", mix(100), { decisions: 100, notes: 100, files: 100, steps: 100, blockers: 100 }),
    await benchHooks("1000", mix(1000), { decisions: 500, notes: 500, files: 500, steps: 500, blockers: 500 }),
  ];
  // The same reference run with the database in RAM separates the disk's write stalls from the plugin's own time.
  if (existsSync(RAM_DIR))
    rows.push(
      await benchHooks(
        "reference, store in RAM",
        { decisions: 10, notes: 20, files: 15, steps: 10, blockers: 3 },
        undefined,
        RAM_DIR,
      ),
    );
  for (const row of rows) {
    const reference = row.label.startsWith("reference");
    const counts = reference ? "10/20/15/10/3" : Object.values(mix(row.items)).join("/");
    const verdict = reference
      ? `${row.label}, target p99 < ${HOOK_TARGET_P99_MS} ms: ${row.p99 < HOOK_TARGET_P99_MS ? "ok" : "MISSED"}`
      : "";
    console.log(
      [
        String(row.items).padStart(5),
        counts.padEnd(19),
        fmt(row.p50).padStart(6),
        fmt(row.p99).padStart(6),
        fmt(row.max, 2).padStart(6),
        String(row.hudTokens).padStart(10),
        verdict,
      ].join(" | "),
    );
  }

  console.log("\n## HUD growth with items (renderHud right after an edit, memo cleared; default budgets 800/250/80)");
  console.log("items  | render p50 ms full / compact / minimal | tokens full / compact / minimal | omitted at full");
  const growth = [10, 100, 1_000, 10_000].map(renderGrowth);
  for (const g of growth) {
    const ms = `${fmt(g.ms.full, 2)} / ${fmt(g.ms.compact, 2)} / ${fmt(g.ms.minimal, 2)}`;
    const tk = `${g.tokens.full} / ${g.tokens.compact} / ${g.tokens.minimal}`;
    console.log([String(g.total).padEnd(6), ms.padEnd(38), tk.padEnd(31), String(g.omitted)].join(" | "));
  }
  // Once the budget binds (from 100 items here) the HUD's size must not depend on the item count.
  const bound = growth.filter((g) => g.total >= 100);
  const flat = (["full", "compact", "minimal"] as Density[]).every((d) => {
    const t = bound.map((g) => g.tokens[d]);
    return (
      Math.max(...t) <= { full: 800, compact: 250, minimal: 80 }[d] &&
      Math.max(...t) - Math.min(...t) <= 0.1 * Math.max(...t)
    );
  });
  console.log(
    `tokens flat once the budget binds (100 → 10,000 items, within budget and within 10%): ${flat ? "ok" : "MISSED"}`,
  );
}

if (import.meta.main) await runPluginBench();
