// The person's view: what the TUI pays per frame while nothing changes (one poll: a pragma), and per
// change (read the render, lay it out as sidebar rows), next to what the server adds per LLM call
// (recording the render for the views). `bun tui.ts` runs it alone.
import { makeContextInfo, renderHud } from "@agent-hud/hud-components";
import { referenceView } from "@agent-hud/hud-components/testing";
import { fromMarkdown, toTerminal } from "@agent-hud/ujsx";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HudBoard, BoardReader, memoRows, boardRenderOf } from "@agent-hud/hud-plugin/internal";

// A frame at 60 fps; the sidebar's share of it should be a rounding error.
const FRAME_MS = 1000 / 60;
const SIDEBAR_WIDTH = 38;

const us = (ns: number) => ns / 1e3;

function stats(samples: number[]): { p50: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
  return { p50: at(50), p99: at(99) };
}

function time(runs: number, body: (i: number) => void): { p50: number; p99: number } {
  for (let i = 0; i < Math.min(200, runs); i++) body(i);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = Bun.nanoseconds();
    body(i);
    samples.push(us(Bun.nanoseconds() - t0));
  }
  return stats(samples);
}

export async function runTuiBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "hud-bench-tui-"));
  try {
    const context = makeContextInfo({ usedTokens: 60_000, usableTokens: 192_000 });
    const input = { view: referenceView(), context };
    const result = renderHud(input.view, context);
    const server = HudBoard.open(dir);
    const reader = new BoardReader({ options: { storageDir: dir }, directory: dir });
    const tree = fromMarkdown(result.markdown);
    const shown = (at: number) => boardRenderOf(result, context, at);
    server.publish("ses_bench", "p", "current", shown(0));

    const publish = time(2000, (i) => server.publish("ses_bench", "p", ["received", "current"], shown(i)));
    reader.changed();
    const idle = time(20_000, () => reader.changed());
    const layout = memoRows();
    let at = 1_000_000;
    const change = time(1000, () => {
      server.publish("ses_bench", "p", "current", shown(++at));
      reader.changed();
      layout(reader.view("ses_bench"), SIDEBAR_WIDTH);
    });
    const layoutOnly = time(2000, () => toTerminal(tree as never, { width: SIDEBAR_WIDTH }));
    const parseOnly = time(500, () => fromMarkdown(result.markdown));
    const cached = time(20_000, () => layout(reader.view("ses_bench"), SIDEBAR_WIDTH));
    reader.close();
    server.close();

    const rows = toTerminal(tree as never, { width: SIDEBAR_WIDTH }).length;
    console.log(`HUD: reference state, ${result.markdown.length} chars, ${result.tokens} tokens, ${rows} sidebar rows`);
    const line = (name: string, s: { p50: number; p99: number }, extra = "") =>
      console.log(
        `${name.padEnd(58)} p50 ${s.p50.toFixed(1).padStart(7)} µs   p99 ${s.p99.toFixed(1).padStart(7)} µs${extra}`,
      );
    const share = (s: { p50: number }) => `   (${((s.p50 / 1000 / FRAME_MS) * 100).toFixed(3)}% of a 60 fps frame)`;
    line("server, after each LLM call: record received + current", publish);
    line("TUI, per poll with no change (every 250 ms)", idle, share(idle));
    line("TUI, per change: read the render + lay out the rows", change, share(change));
    line("  of which markdown -> UJSX (fromMarkdown)", parseOnly);
    line("  of which UJSX -> terminal rows (toTerminal, 38 cols)", layoutOnly);
    line("TUI, re-read with the layout cached (no change in render)", cached);
    console.log(
      `Polling costs ${((idle.p50 * 4) / 1000).toFixed(4)} ms of TUI time per second; the render loop never waits on it (the slot reads a memo).`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) await runTuiBench();
