// HUD render benchmark: our renderer (cold after a state edit, from scratch, warm) against a
// template-literal floor and @vscode/prompt-tsx, plus fitting 1,000 notes into 400 tokens.
// Last measured (three runs alternating with stop 51's code, Bun 1.4.5, quiet): scratch / prompt-tsx
// 0.92-0.94× at full (before 1.1× each: the full rows vary most, GC after the cold loop), 0.61-0.67× compact,
// 0.36-0.39× minimal.
import {
  applyEvent,
  makeContextInfo,
  renderHud,
  replay,
  type ContextInfo,
  type Density,
  type HudEvent,
  type HudView,
  type Tokenizer,
} from "@agent-hud/hud-components";
import { bpeTokenizer } from "@agent-hud/hud-components/o200k";
import { clearRenderMemo } from "@agent-hud/hud-components/internal";
import { referenceView } from "@agent-hud/hud-components/testing";
import { renderWithPromptTsx } from "./hud-prompt-tsx.ts";

// The floor: the same HUD content as a hand-written template literal (no tree, no escaping, no budget).
// Not safe for agent text (a note can open a heading); it only shows what the string work costs.

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function templateHud(view: HudView, context: ContextInfo, density: Density): string {
  const s = view.session;
  const max = density === "full" ? 200 : 80;
  const out: string[] = [];
  if (density !== "minimal") out.push("### Agent HUD\n");
  if (s.task)
    out.push(
      density === "full" ? `#### Task\n\n${s.task.description}\n` : `**Task** ${cut(s.task.description, 160)}\n`,
    );
  if (density === "minimal") {
    const b = s.blockers[s.blockers.length - 1];
    if (b) out.push(`**Blocked** ${b.id}: ${cut(b.description, 40)} (+${s.blockers.length - 1})\n`);
    out.push(
      `**Not shown** ${s.steps.length} steps, ${s.decisions.length} decisions, ${s.notes.length} notes, ${s.files.length} files — \`hud snapshot\`\n`,
    );
  } else {
    if (s.blockers.length)
      out.push(`#### Blockers\n\n${s.blockers.map((b) => `- ${b.id}: ${cut(b.description, max)}`).join("\n")}\n`);
    if (s.steps.length)
      out.push(
        `#### Next steps\n\n${s.steps.map((x) => `- [${x.done ? "x" : " "}] ${x.id}: ${cut(x.description, max)}`).join("\n")}\n`,
      );
    if (s.decisions.length) {
      out.push(
        `#### Decisions\n\n${s.decisions.map((d) => `- ${d.id}: ${d.summary}${density === "full" && d.details ? ` — ${d.details}` : ""}`).join("\n")}\n`,
      );
    }
    if (s.notes.length)
      out.push(`#### Notes\n\n${s.notes.map((n) => `- ${n.id}: ${cut(n.content, max)}`).join("\n")}\n`);
    if (s.files.length)
      out.push(
        `#### Active files\n\n${s.files.map((f) => `- ${f.path} — ${f.action === "edit" ? `edited ×${f.edits}` : "read"}`).join("\n")}\n`,
      );
  }
  const pct = Math.round(context.percent);
  out.push(
    `**Context** ${pct}% of ${Math.round(context.usableTokens / 1000)}k usable · trend ${context.trend.map(Math.round).join("→")}%\n`,
  );
  return out.join("\n");
}
type Stats = { p50: number; p99: number };

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
  return { p50: at(0.5) * 1000, p99: at(0.99) * 1000 };
}

function time(n: number, run: (i: number) => void, warmup = Math.min(200, n)): Stats {
  for (let i = 0; i < warmup; i++) run(-1 - i);
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    run(i);
    samples.push(performance.now() - t);
  }
  return stats(samples);
}

async function timeAsync(n: number, run: () => Promise<unknown>): Promise<Stats> {
  for (let i = 0; i < 50; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await run();
    samples.push(performance.now() - t);
  }
  return stats(samples);
}

const usageFor: Record<Density, number> = { full: 30, compact: 75, minimal: 90 };
const budgets: Record<Density, number> = { full: 800, compact: 250, minimal: 80 };
const ctxAt = (pct: number): ContextInfo =>
  makeContextInfo({ usedTokens: Math.round(pct * 2000), usableTokens: 200_000, history: [pct - 3, pct - 2, pct - 1] });
const fmt = (s: Stats) => `${s.p50.toFixed(1).padStart(7)} / ${s.p99.toFixed(1).padStart(7)} µs`;
const ratio = (a: Stats, b: Stats) => `${(a.p50 / b.p50).toFixed(a.p50 < b.p50 ? 2 : 1)}×`;

/** A fresh tokenizer object gets fresh part caches: every piece is serialised and counted again. */
const freshTokenizer = (): Tokenizer => ({ ...bpeTokenizer });

export async function runHudBench(): Promise<void> {
  const base = referenceView();
  const N = Number(process.env["HUD_BENCH_N"] ?? 2000);
  console.log("\n## HUD render (reference state: 10 decisions, 20 notes, 15 files, 10 steps, 3 blockers)");
  console.log(
    "p50 / p99 per render (ratios compare p50); cold = right after a state edit (memo miss, untouched items cached);",
  );
  console.log("scratch = all caches cleared; warm = same state, usage moved (see hud.ts for how).\n");
  for (const density of ["full", "compact", "minimal"] as Density[]) {
    const pct = usageFor[density];
    // Each cold iteration edits one note, as an agent's `hud notes.update` would.
    let view: HudView = base;
    const cold = time(N, (i) => {
      const event: HudEvent = {
        kind: "note.update",
        at: i,
        id: "n20",
        content: `migration 0042 adds the refresh_tokens table (rev ${i})`,
      };
      view = { ...view, session: applyEvent(view.session, event).state };
      renderHud(view, ctxAt(pct));
    });
    const scratch = time(
      300,
      () => {
        clearRenderMemo();
        renderHud(base, ctxAt(pct), { tokenizer: freshTokenizer() });
      },
      30,
    );
    // Usage moves every call: at full the "k used" figure differs on every call (a new volatile line each
    // time); compact/minimal show whole percents only, swept across the density band.
    const warmContext = (i: number): ContextInfo =>
      density === "full"
        ? makeContextInfo({ usedTokens: 3_000_000 + i * 1_000, usableTokens: 10_000_000, history: [28, 29, 29.5] })
        : ctxAt(pct + ((Math.abs(i) * 0.37) % (density === "compact" ? 9 : 4)));
    renderHud(base, warmContext(0));
    const warm = time(N, (i) => renderHud(base, warmContext(i)));
    const floor = time(N, (i) => templateHud(base, ctxAt(pct + (i % 7) * 0.1), density));
    const peer = await timeAsync(300, () => renderWithPromptTsx(base, ctxAt(pct), budgets[density]));
    const tokens = renderHud(base, ctxAt(pct)).tokens;
    console.log(`### ${density} (${tokens} tokens, budget ${budgets[density]})`);
    console.log(`  ours cold        ${fmt(cold)}   ${ratio(cold, floor)} floor, ${ratio(cold, peer)} prompt-tsx`);
    console.log(
      `  ours scratch     ${fmt(scratch)}   ${ratio(scratch, floor)} floor, ${ratio(scratch, peer)} prompt-tsx`,
    );
    console.log(`  ours warm        ${fmt(warm)}   ${ratio(warm, floor)} floor`);
    console.log(`  template floor   ${fmt(floor)}`);
    console.log(`  prompt-tsx       ${fmt(peer)}`);
  }

  const events: HudEvent[] = Array.from({ length: 1000 }, (_, i) => ({
    kind: "note.add",
    at: i,
    content: `note ${i}: observation about module ${i % 37} and how its cache behaves under load`,
  }));
  const thousand: HudView = {
    session: replay("session", events, { caps: { notes: 1000 } }),
    project: replay("project", []),
  };
  const fit = time(
    200,
    () => {
      clearRenderMemo();
      renderHud(thousand, ctxAt(30), { tokenizer: freshTokenizer(), budgets: { full: 400 } });
    },
    20,
  );
  const fitted = renderHud(thousand, ctxAt(30), { budgets: { full: 400 } });
  console.log(`\n### fitting 1,000 notes into 400 tokens (from scratch)`);
  console.log(`  ${fmt(fit)}   → ${fitted.tokens} tokens, ${fitted.omitted["notes"] ?? 0} notes not shown`);
}

if (import.meta.main) {
  await runHudBench();
  // The prompt-tsx comparison leaves a handle open.
  process.exit(0);
}
