// Retrieval quality of recall: labelled queries over generated coding-agent and chat sessions (answers
// known by construction, seeded), R@1/R@5/R@10 and MRR per query kind for the plugin's search and two
// plain FTS5 baselines on the same stored documents, in the same run; then speed and size at 10k messages
// (with and without the neighbours' columns); then the same on LoCoMo, a public conversational set, when
// RECALL_LOCOMO names its file.
// `bun recall-quality.ts` runs it alone.
import { mkdtempSync, rmSync, statSync, existsSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createRedactor, Recall, RECALL_FILE } from "@agent-hud/hud-plugin/internal";
import { anyWord, porterStop, type System } from "./recall-quality/baselines.ts";
import { chatFacts, chatFiller } from "./recall-quality/chat.ts";
import { decisionFacts, errorFacts, portFacts } from "./recall-quality/coding-facts.ts";
import { feed, layout } from "./recall-quality/corpus.ts";
import { codingFiller, summary } from "./recall-quality/filler.ts";
import { feedLocomo, locomoPath, scoreLocomo } from "./recall-quality/locomo.ts";
import { limitFacts, noteFacts, pathFacts } from "./recall-quality/more-facts.ts";
import { rng } from "./recall-quality/random.ts";
import { neighbourSizes, sizeLine } from "./recall-quality/size.ts";
import type { Kind, Query } from "./recall-quality/types.ts";

const SEED = 21;
const CODING_MESSAGES = 10_000;
const CHAT_MESSAGES = 2_000;
const TIMED_UPDATES = 1_000;
const TARGET = { searchP99Ms: 10, updateP99Ms: 2, bytesPer10k: 16 * 2 ** 20, margin: 0.1 };
const KINDS: Kind[] = ["keyword", "identifier", "question"];
const silent = { log() {}, once() {} } as never;

/** A recall index in `dir` as the plugin opens one, with the plugin's redactor. */
const openRecall = (dir: string) =>
  Recall.open({
    dir,
    projectKey: "0123456789abcdef",
    retentionDays: 90,
    log: silent,
    now: () => Date.now(),
    redact: createRedactor({ redact: true }).text,
  })!;

type Scored = { query: Query & { session: string }; rank: number; ms: number };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const f2 = (n: number) => n.toFixed(2);

function measure(system: System, queries: Array<Query & { session: string }>, answers: Map<string, number>): Scored[] {
  for (const q of queries) system.search(q.text, q.session, 10); // warm the page cache and the statements
  const out: Scored[] = [];
  for (let pass = 0; pass < 2; pass++)
    for (const query of queries) {
      const t0 = Bun.nanoseconds();
      const ids = system.search(query.text, query.session, 10);
      const ms = (Bun.nanoseconds() - t0) / 1e6;
      // the second pass only adds timing samples (rank -1 keeps it out of the recall figures)
      out.push({ query, rank: pass === 0 ? ids.indexOf(answers.get(query.answer)!) + 1 : -1, ms });
    }
  return out;
}

function row(name: string, scored: Scored[]): string {
  const ranked = scored.filter((s) => s.rank >= 0);
  const at = (k: number) => ranked.filter((s) => s.rank > 0 && s.rank <= k).length / ranked.length;
  const mrr = ranked.reduce((sum, s) => sum + (s.rank > 0 ? 1 / s.rank : 0), 0) / ranked.length;
  const ms = scored.map((s) => s.ms).sort((a, b) => a - b);
  return `| ${name} | ${ranked.length} | ${f2(at(1))} | ${f2(at(5))} | ${f2(at(10))} | ${f2(mrr)} | ${f2(percentile(ms, 50))} | ${f2(percentile(ms, 99))} |`;
}

export async function runRecallQualityBench(): Promise<void> {
  console.log(
    `## recall quality (seed ${SEED}; load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")})`,
  );
  const dir = mkdtempSync(join(tmpdir(), "hud-bench-recall-quality-"));
  try {
    const r = rng(SEED);
    const recall = openRecall(dir);
    const codingFacts = [
      ...portFacts(r, 36),
      ...errorFacts(r, 22),
      ...decisionFacts(r, 36),
      ...pathFacts(r, 40),
      ...limitFacts(r, 10),
      ...noteFacts(r, 7),
    ];
    const coding = feed(
      recall,
      "ses_coding",
      Date.UTC(2026, 0, 1),
      layout(r, "coding", codingFacts, codingFiller, CODING_MESSAGES, 600, summary),
      TIMED_UPDATES,
    );
    const chat = feed(
      recall,
      "ses_chat",
      Date.UTC(2026, 1, 1),
      layout(r, "chat", chatFacts(r), chatFiller, CHAT_MESSAGES, 0),
      0,
    );
    const answers = new Map([...coding.answers, ...chat.answers]);
    const queries = [
      ...coding.queries.map((q) => ({ ...q, session: "ses_coding" })),
      ...chat.queries.map((q) => ({ ...q, session: "ses_chat" })),
    ];
    const plugin: System = {
      name: "hud search (this plugin)",
      search: (query, session, limit) => recall.index.search(query, { session }, limit).map((h) => h.id),
    };
    const systems = [plugin, anyWord(recall.index.db), porterStop(recall.index.db)];
    const results = systems.map((s) => ({ name: s.name, scored: measure(s, queries, answers) }));
    console.log(
      `${queries.length} queries (${KINDS.map((k) => `${queries.filter((q) => q.kind === k).length} ${k}`).join(", ")}) over ${coding.messages.toLocaleString("en")} coding and ${chat.messages.toLocaleString("en")} chat messages; ms over 2 passes`,
    );
    const head =
      "| system | n | R@1 | R@5 | R@10 | MRR | p50 ms | p99 ms |\n| --- | --- | --- | --- | --- | --- | --- | --- |";
    const groups: Array<[string, (q: Scored["query"]) => boolean]> = [
      ...KINDS.map((k): [string, (q: Scored["query"]) => boolean] => [k, (q) => q.kind === k]),
      ...KINDS.map((k): [string, (q: Scored["query"]) => boolean] => [
        `chat ${k}`,
        (q) => q.kind === k && q.session === "ses_chat",
      ]),
      ["all", () => true],
    ];
    for (const [title, keep] of groups) {
      const lines = results.map((res) => ({ name: res.name, scored: res.scored.filter((s) => keep(s.query)) }));
      if (!lines[0]!.scored.length) continue;
      console.log(`\n${title}\n${head}\n${lines.map((l) => row(l.name, l.scored)).join("\n")}`);
    }
    verdict(results, KINDS);
    const codingTimes = results[0]!.scored.filter((s) => s.query.session === "ses_coding");
    for (const kind of KINDS) {
      const ms = codingTimes
        .filter((s) => s.query.kind === kind)
        .map((s) => s.ms)
        .sort((a, b) => a - b);
      const p99 = percentile(ms, 99);
      console.log(
        `hud search p99 at ${coding.messages.toLocaleString("en")} messages, ${kind}: ${f2(p99)} ms (target <= ${TARGET.searchP99Ms} ms: ${p99 <= TARGET.searchP99Ms ? "ok" : "MISSED"})`,
      );
    }
    const updates = [...coding.updateMs].sort((a, b) => a - b);
    const u99 = percentile(updates, 99);
    console.log(
      `index update per message (message + part, live, own transaction), n=${updates.length}: p50 ${f2(percentile(updates, 50))} ms  p99 ${f2(u99)} ms (target <= ${TARGET.updateP99Ms} ms: ${u99 <= TARGET.updateP99Ms ? "ok" : "MISSED"})`,
    );
    recall.index.db.run("PRAGMA wal_checkpoint(TRUNCATE)");
    const path = join(dir, RECALL_FILE);
    const bytes = [path, `${path}-wal`].reduce((s, p) => s + (existsSync(p) ? statSync(p).size : 0), 0);
    const per10k = (bytes * 10_000) / (coding.messages + chat.messages);
    console.log(
      `size per 10,000 messages: ${(per10k / 2 ** 20).toFixed(1)} MB (target <= 16 MB: ${per10k <= TARGET.bytesPer10k ? "ok" : "MISSED"})`,
    );
    console.log(sizeLine("index size (coding + chat)", neighbourSizes(recall.index.db)));
    recall.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  runLocomo();
}

/** The public conversational set, when its file is at hand (see recall-quality/README.md). */
function runLocomo(): void {
  const path = locomoPath();
  if (!path) {
    console.log("\nLoCoMo: skipped (set RECALL_LOCOMO to the data file; see bench/recall-quality/README.md)");
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), "hud-bench-recall-locomo-"));
  try {
    const recall = openRecall(dir);
    const set = feedLocomo(recall, path);
    console.log(
      `\n## LoCoMo: ${set.queries.length} questions with evidence over ${set.messages.toLocaleString("en")} turns in ${set.conversations} conversations`,
    );
    const plugin: System = {
      name: "hud search (this plugin)",
      search: (query, session, limit) => recall.index.search(query, { session }, limit).map((h) => h.id),
    };
    console.log(scoreLocomo([plugin, anyWord(recall.index.db), porterStop(recall.index.db)], set));
    console.log(sizeLine("index size (LoCoMo)", neighbourSizes(recall.index.db)));
    recall.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function verdict(results: Array<{ name: string; scored: Scored[] }>, kinds: Kind[]): void {
  const r5 = (scored: Scored[]) => {
    const ranked = scored.filter((s) => s.rank >= 0);
    return ranked.filter((s) => s.rank > 0 && s.rank <= 5).length / ranked.length;
  };
  for (const kind of kinds) {
    const [ours, , b] = results.map((res) => r5(res.scored.filter((s) => s.query.kind === kind)));
    const pass = ours! >= b! + TARGET.margin;
    console.log(
      `R@5 ${kind}: hud search ${f2(ours!)} vs porter + stop words ${f2(b!)} (target >= +${TARGET.margin}: ${pass ? "ok" : "MISSED"})`,
    );
  }
}

if (import.meta.main) await runRecallQualityBench();
