import { type Child, type Component, h, resolve, toMarkdown, type ValidationMode } from "@agent-hud/ujsx";

// A HUD-shaped document: components, a task list, a table, inline markup; about 80 resolved nodes.
const Section: Component<{ title: string }> = ({ title, children }) =>
  h("section", null, h("heading", { depth: 2 }, title), children);

const notes = Array.from(
  { length: 4 },
  (_, i) => `note ${i + 1}: keep the replay deterministic | ${"#".repeat(i % 3)}`,
);
const steps = Array.from({ length: 5 }, (_, i) => ({ id: `s${i + 1}`, text: `step number ${i + 1}`, done: i < 2 }));
const files = ["src/store/event-store.ts", "src/render.ts", "test/store.test.ts"];

function referenceTree(): Child {
  return h(
    "root",
    null,
    h("heading", { depth: 1 }, "HUD"),
    h("quote", null, h("strong", null, "Blocked:"), " waiting for review of ", h("inlineCode", { value: "d2" })),
    h(Section, { title: "Task" }, h("paragraph", null, "Migrate the store to ", h("emphasis", null, "WAL"), " mode")),
    h(
      Section,
      { title: "Next steps" },
      h(
        "list",
        { ordered: true },
        steps.map((s) => h("item", { key: s.id, checked: s.done }, s.text, " ", h("inlineCode", { value: s.id }))),
      ),
    ),
    h(
      Section,
      { title: "Notes" },
      h(
        "list",
        null,
        notes.map((n, i) => h("item", { key: i }, h("inlineCode", { value: `n${i + 1}` }), " ", n)),
      ),
    ),
    h(
      Section,
      { title: "Active files" },
      h(
        "table",
        { align: ["left", "right"] },
        h("row", null, h("cell", null, "file"), h("cell", null, "edits")),
        files.map((f, i) =>
          h("row", { key: f }, h("cell", null, h("inlineCode", { value: f })), h("cell", null, i + 1)),
        ),
      ),
    ),
    h("rule"),
    h("paragraph", null, "Use ", h("link", { url: "https://example.com/hud" }, "hud"), " to edit."),
  );
}

function countNodes(node: { children?: unknown[] }): number {
  let total = 1;
  for (const child of node.children ?? []) total += countNodes(child as { children?: unknown[] });
  return total;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

type Row = { mode: ValidationMode; stage: string; p50: number; p99: number };

/** Times `run` for each mode, interleaved, so both modes see the same machine load. */
function measure(
  modes: ValidationMode[],
  run: (mode: ValidationMode) => unknown,
  iterations: number,
): Map<ValidationMode, { p50: number; p99: number }> {
  const samples = new Map(modes.map((mode) => [mode, new Array<number>(iterations)]));
  for (let i = 0; i < iterations; i++) {
    for (const mode of modes) {
      const start = performance.now();
      run(mode);
      (samples.get(mode) as number[])[i] = (performance.now() - start) * 1000;
    }
  }
  const result = new Map<ValidationMode, { p50: number; p99: number }>();
  for (const [mode, times] of samples) {
    times.sort((a, b) => a - b);
    result.set(mode, { p50: percentile(times, 0.5), p99: percentile(times, 0.99) });
  }
  return result;
}

/** Render the reference tree in dev and production validation modes; prints p50/p99 in µs. */
export async function runUjsxBench(): Promise<void> {
  const nodes = countNodes(resolve(referenceTree()));
  const iterations = 3000;
  const modes: ValidationMode[] = ["dev", "production"];
  // Warm up both paths (JIT, compiled checkers) before timing anything.
  for (let i = 0; i < 300; i++) for (const mode of modes) toMarkdown(referenceTree(), { mode });

  const rows: Row[] = [];
  const stages: Array<[string, (mode: ValidationMode) => unknown]> = [
    ["resolve (JSX → tree)", (mode) => resolve(referenceTree(), { mode })],
    ["toMarkdown (full)", (mode) => toMarkdown(referenceTree(), { mode })],
  ];
  for (const [stage, run] of stages) {
    for (const [mode, times] of measure(modes, run, iterations)) rows.push({ mode, stage, ...times });
  }

  console.log(`\nujsx: reference tree of ${nodes} nodes, ${iterations} runs per row`);
  console.log(`${"mode".padEnd(11)} ${"stage".padEnd(22)} ${"p50 µs".padStart(9)} ${"p99 µs".padStart(9)}`);
  for (const row of rows) {
    console.log(
      `${row.mode.padEnd(11)} ${row.stage.padEnd(22)} ${row.p50.toFixed(1).padStart(9)} ${row.p99.toFixed(1).padStart(9)}`,
    );
  }
  const ratio = (stage: string) => {
    const dev = rows.find((r) => r.mode === "dev" && r.stage === stage);
    const prod = rows.find((r) => r.mode === "production" && r.stage === stage);
    return dev && prod ? (dev.p50 / prod.p50).toFixed(2) : "?";
  };
  console.log(
    `production vs dev (p50): resolve ${ratio("resolve (JSX → tree)")}× faster, toMarkdown ${ratio("toMarkdown (full)")}× faster`,
  );
}

if (import.meta.main) await runUjsxBench();
