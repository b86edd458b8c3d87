// A public conversational set: LoCoMo (long multi-session dialogues with question/answer pairs whose
// evidence names the dialogue turns that hold the answer). Not shipped here: the file is read from the
// path in RECALL_LOCOMO (see README.md). Each conversation is one session fed through the host port.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Recall } from "@agent-hud/hud-plugin/internal";

type Turn = { speaker: string; dia_id: string; text: string; blip_caption?: string };
type QA = { question: string; evidence?: string[]; category?: number };
type Conversation = { id: string; record: Record<string, unknown>; qa: QA[] };

export type LocomoQuery = { text: string; session: string; answers: number[]; category: number; conversation: number };
export type LocomoSet = { queries: LocomoQuery[]; messages: number; conversations: number };

/** Either the published single file (a list of samples) or a folder of one-conversation files. */
function read(path: string): Conversation[] {
  if (statSync(path).isDirectory())
    return readdirSync(path)
      .filter((f) => f.endsWith(".json"))
      .sort()
      .map((f) => {
        const record = JSON.parse(readFileSync(join(path, f), "utf8")) as Record<string, unknown>;
        return { id: f.replace(/\.json$/, ""), record, qa: record.qa as QA[] };
      });
  const samples = JSON.parse(readFileSync(path, "utf8")) as Array<{
    sample_id: string;
    conversation: Record<string, unknown>;
    qa: QA[];
  }>;
  return samples.map((s) => ({ id: s.sample_id, record: s.conversation, qa: s.qa }));
}

/** The turns in order, each with its session's start time. */
function turns(record: Record<string, unknown>): Array<Turn & { at: number }> {
  const out: Array<Turn & { at: number }> = [];
  for (let n = 1; Array.isArray(record[`session_${n}`]); n++) {
    const at = Date.parse(String(record[`session_${n}_date_time`] ?? "").replace(/^(.*?) on (.*)$/, "$2 $1"));
    const base = Number.isFinite(at) ? at : Date.UTC(2023, 0, n);
    (record[`session_${n}`] as Turn[]).forEach((t, i) => out.push({ ...t, at: base + i * 1_000 }));
  }
  return out;
}

/**
 * The text a turn is indexed as: the speaker's name and what they said, and the caption of a photo they
 * shared (the dataset's own description of it), since several answers are only there.
 */
const body = (t: Turn) => `${t.speaker}: ${t.text}${t.blip_caption ? ` [shares a photo: ${t.blip_caption}]` : ""}`;

export const locomoPath = () => {
  const path = process.env.RECALL_LOCOMO;
  return path && existsSync(path) ? path : undefined;
};

/** Feeds every conversation (speaker A as the user, B as the assistant) and labels each question with its evidence. */
export function feedLocomo(recall: Recall, path: string): LocomoSet {
  const queries: LocomoQuery[] = [];
  let messages = 0;
  const conversations = read(path);
  conversations.forEach((c, index) => {
    const session = `ses_locomo_${c.id.replace(/[^A-Za-z0-9]/g, "")}`;
    const speakerA = String(c.record.speaker_a);
    const keys = new Map<string, string>();
    recall.index.transaction(() => {
      for (const t of turns(c.record)) {
        const id = `msg_${session}_${t.dia_id.replace(/[^A-Za-z0-9]/g, "_")}`;
        recall.observe({
          kind: "message",
          session,
          id,
          role: t.speaker === speakerA ? "user" : "assistant",
          at: t.at,
        });
        recall.observe({ kind: "text", session, message: id, id: `prt_${id}`, text: body(t), at: t.at });
        keys.set(t.dia_id, `part:prt_${id}`);
        messages++;
      }
    });
    const lookup = recall.index.db.query("SELECT id FROM docs WHERE key = ?");
    for (const qa of c.qa) {
      const answers = (qa.evidence ?? [])
        .flatMap((e) => e.split(/[;,\s]+/))
        .map((e) => keys.get(e.trim()))
        .filter((k): k is string => !!k)
        .map((k) => (lookup.get(k) as { id: number } | null)?.id)
        .filter((id): id is number => id !== undefined);
      if (answers.length && qa.question)
        queries.push({ text: qa.question, session, answers, category: qa.category ?? 0, conversation: index });
    }
  });
  return { queries, messages, conversations: conversations.length };
}

/** R@1, R@5, R@10 and MRR (a hit: any evidence turn), p50 and p99 ms, per category and overall. */
export function scoreLocomo(
  systems: Array<{ name: string; search(query: string, session: string, limit: number): number[] }>,
  set: LocomoSet,
): string {
  const out: string[] = [];
  const head =
    "| system | n | R@1 | R@5 | R@10 | MRR | p50 ms | p99 ms |\n| --- | --- | --- | --- | --- | --- | --- | --- |";
  const results = systems.map((system) => {
    for (const q of set.queries) system.search(q.text, q.session, 10); // warm the statements and the page cache
    return set.queries.map((query) => {
      const t0 = Bun.nanoseconds();
      const ids = system.search(query.text, query.session, 10);
      const ms = (Bun.nanoseconds() - t0) / 1e6;
      const ranks = query.answers.map((a) => ids.indexOf(a) + 1).filter((r) => r > 0);
      return { query, rank: ranks.length ? Math.min(...ranks) : 0, ms };
    });
  });
  const f2 = (n: number) => n.toFixed(3);
  const groups: Array<[string, (q: LocomoQuery) => boolean]> = [
    ["all", () => true],
    ...[1, 2, 3, 4, 5].map((c): [string, (q: LocomoQuery) => boolean] => [`category ${c}`, (q) => q.category === c]),
  ];
  for (const [title, keep] of groups) {
    out.push(`\nLoCoMo ${title}\n${head}`);
    results.forEach((scored, i) => {
      const s = scored.filter((x) => keep(x.query));
      if (!s.length) return;
      const at = (k: number) => s.filter((x) => x.rank > 0 && x.rank <= k).length / s.length;
      const mrr = s.reduce((sum, x) => sum + (x.rank ? 1 / x.rank : 0), 0) / s.length;
      const ms = s.map((x) => x.ms).sort((a, b) => a - b);
      const p = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!.toFixed(2);
      out.push(
        `| ${systems[i]!.name} | ${s.length} | ${f2(at(1))} | ${f2(at(5))} | ${f2(at(10))} | ${f2(mrr)} | ${p(0.5)} | ${p(0.99)} |`,
      );
    });
  }
  return out.join("\n");
}
