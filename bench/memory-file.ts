// Memory file benchmark: parse and write cost of a 500-item `.opencode/hud/memory.md`, and the sync cost
// per change through the plugin's real sync (SQLite store, atomic write) — an agent change written to the
// file, a person's edit read back, and the check made before every HUD when nothing changed.
// `bun memory-file.ts` runs it alone.
import { replay, type HudEvent, type ProjectorOptions } from "@agent-hud/hud-components";
import { memoryItemsOf, writeMemoryFile } from "@agent-hud/hud-components/memory-file";
import { parseMemoryFile } from "@agent-hud/hud-components/memory-file/parse";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  EventStore,
  MAX_LINES,
  MAX_MEMORY_BYTES,
  MemoryFileSync,
  readMemoryText,
  StreamCache,
  type Logger,
} from "@agent-hud/hud-plugin/internal";

const ITEMS = 500;
const caps: ProjectorOptions = {
  caps: { conventions: 500, keyfiles: 500, decisions: 500, notes: 500, steps: 500 },
};

function itemEvent(i: number): HudEvent {
  const at = 1_700_000_000_000 + i;
  switch (i % 5) {
    case 0:
      return { kind: "convention.add", at, content: `convention ${i}: run \`bun test\` before every push` };
    case 1:
      return { kind: "keyfile.add", at, path: `packages/app/src/module-${i}.ts`, note: "owns the billing totals" };
    case 2:
      return { kind: "decision.record", at, summary: `decision ${i}: Postgres 16`, details: "matches production" };
    case 3:
      return { kind: "note.add", at, content: `note ${i}: the staging database is read-only on Fridays` };
    default:
      return { kind: "step.add", at, description: `step ${i}: drop the legacy sessions table` };
  }
}

function timeEach(n: number, run: (i: number) => void): { p50: number; p99: number } {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = Bun.nanoseconds();
    run(i);
    samples.push((Bun.nanoseconds() - t0) / 1e6);
  }
  samples.sort((a, b) => a - b);
  const at = (p: number) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))]!;
  return { p50: at(0.5), p99: at(0.99) };
}

const fmt = (t: { p50: number; p99: number }) => `p50 ${t.p50.toFixed(3)} ms  p99 ${t.p99.toFixed(3)} ms`;

function benchParse(): void {
  const state = replay(
    "project",
    Array.from({ length: ITEMS }, (_, i) => itemEvent(i)),
    caps,
  );
  const items = memoryItemsOf(state);
  const text = writeMemoryFile(items);
  for (let i = 0; i < 20; i++) parseMemoryFile(text); // warm-up
  const parse = timeEach(100, () => parseMemoryFile(text));
  const write = timeEach(100, () => writeMemoryFile(items));
  const parsed = parseMemoryFile(text);
  if (parsed.items.length !== ITEMS || parsed.unread.length) throw new Error("the 500-item file did not read back");
  console.log(`${ITEMS}-item file (${(text.length / 1024).toFixed(1)} KiB): parse ${fmt(parse)}`);
  console.log(`${ITEMS}-item file: write (UJSX → mdast → markdown) ${fmt(write)}`);
}

const quiet: Logger = { log: () => {}, once: () => {} };

function benchSync(dir: string, start: number): void {
  const store = EventStore.open({ dir: join(dir, "db") });
  const cache = new StreamCache("project:0123456789abcdef", "project", caps);
  const worktree = join(dir, "repo");
  mkdirSync(worktree, { recursive: true });
  const project = {
    state: () => (cache.catchUp(store), cache.state),
    append: (event: HudEvent) => (store.append(cache.stream, [event]), void cache.catchUp(store)),
  };
  const sync = new MemoryFileSync(worktree, project, { git: "share", debounceMs: 60_000 }, quiet, () => Date.now());
  store.append(
    cache.stream,
    Array.from({ length: start }, (_, i) => itemEvent(i)),
  );
  sync.read();
  sync.flush();
  let i = start;
  const label = `sync, ${memoryItemsOf(cache.state).length}+ items`;
  // one agent change, then the write it schedules (done at once instead of after the debounce)
  const write = timeEach(50, () => {
    project.append({ kind: "note.add", at: Date.now(), content: `note ${i++}: added by the agent` });
    sync.schedule();
    sync.flush();
  });
  const idle = timeEach(2000, () => sync.read());
  // a person's edit: one line's text changed, read back as one memory.sync event
  const read = timeEach(50, (n) => {
    const text = readFileSync(sync.path, "utf8");
    writeFileSync(sync.path, text.replace(/(note \d+: )/, `$1edit ${n} `));
    sync.read();
  });
  console.log(`${label}: agent change → file written ${fmt(write)}`);
  console.log(`${label}: person's edit → read back ${fmt(read)}`);
  console.log(`${label}: check before a HUD, file unchanged ${fmt(idle)}`);
  store.close();
}

/**
 * The worst files the reader lets through to the parser (64 KB, 1,000 lines, nesting at most 12, a title):
 * shapes known to slow markdown parsers, filled to the limits. Target: a parse ≤ 100 ms, paid once per change.
 */
function benchWorstCase(dir: string): void {
  const fill = (head: string, unit: string) => {
    const lines = unit.split("\n").length - 1;
    const n = Math.min(
      Math.floor((MAX_MEMORY_BYTES - head.length) / unit.length),
      Math.floor((MAX_LINES - 10) / lines),
    );
    return head + unit.repeat(n);
  };
  const item = (text: string) => `- ${text}\n`;
  const shapes: Array<[string, string]> = [
    ["a flat list of short items", fill("# M\n\n## Notes\n\n", item("x"))],
    ["lines of unclosed emphasis", fill("# M\n\n## Notes\n\n", item("*a **b _c __d ".repeat(4)))],
    ["lines of unclosed links", fill("# M\n\n## Notes\n\n", item("[a](b [c](".repeat(6)))],
    ["lines of backtick runs", fill("# M\n\n## Notes\n\n", item("`` ` ``` ".repeat(6)))],
    ["nested lists (set aside unparsed)", fill("# M\n\n", "- x\n  - x\n")],
    ["12-deep quotes (set aside unparsed)", fill("# M\n\n", `${"> ".repeat(12)}quoted text\n`)],
  ];
  const file = join(dir, ".opencode", "hud", "memory.md");
  mkdirSync(join(dir, ".opencode", "hud"), { recursive: true });
  for (const [name, text] of shapes) {
    writeFileSync(file, text);
    const read = readMemoryText(dir, file);
    if (read.kind !== "text") {
      console.log(`worst case ${name}: refused by the reader (${read.kind === "refused" ? read.reason : "missing"})`);
      continue;
    }
    const gate = timeEach(20, () => readMemoryText(dir, file));
    const parse = timeEach(5, () => parseMemoryFile(read.text));
    console.log(
      `worst case ${name} (${(text.length / 1024).toFixed(0)} KiB): read and check ${fmt(gate)}; parse ${fmt(parse)}`,
    );
  }
}

export async function runMemoryFileBench(): Promise<void> {
  benchParse();
  const worst = mkdtempSync(join(tmpdir(), "hud-memory-worst-"));
  try {
    benchWorstCase(worst);
  } finally {
    rmSync(worst, { recursive: true, force: true });
  }
  for (const start of [20, ITEMS]) {
    const dir = mkdtempSync(join(tmpdir(), "hud-memory-bench-"));
    try {
      benchSync(dir, start);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

if (import.meta.main) await runMemoryFileBench();
