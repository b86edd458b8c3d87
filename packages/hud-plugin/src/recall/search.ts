import type { Statement } from "bun:sqlite";
import { coveredMask } from "./coverage.ts";
import { ftsQuery } from "./fts-query.ts";
import type { SnippetPad } from "./snippet-pad.ts";
import { HIT_COLUMNS, token } from "./sql.ts";
import type { Hit, SearchScope } from "./types.ts";

/**
 * How many of the best bm25 matches are ranked again by how many of the query's parts they hold. bm25
 * is computed for every match (FTS5 has no cheaper path to the best few); this only bounds the rerank.
 */
export const CANDIDATES = 60;
/** Up to this many parts, the texts holding all of them are looked for first (see searchDocs). */
const AND_FIRST_PARTS = 3;
/**
 * bm25 weights of the FTS columns: body, name parts, scope tokens, the openings of the two parts before and
 * that of the part after (neighbours.ts). The ones before weigh more: a question's words are in the turns
 * before its answer.
 */
const WEIGHTS = "1.0, 0.6, 0.0, 0.6, 0.3";
/**
 * The rerank adds this much per query part a candidate holds to its bm25 relative to the best one (0–1):
 * a text that answers every word moves up past one that repeats one of them, yet a part that only names
 * who spoke (a conversation's every other turn) cannot outweigh bm25's rarer words.
 */
const PART_WEIGHT = 0.3;
/** A part held only by a neighbour counts this much of one held by the text itself. */
const NEAR_PART = 0.5;
/**
 * A part found in more than this many texts (its own or a neighbour's columns; partTexts)
 * matches only where it is written: its neighbour matches would add thousands of texts for bm25 to score,
 * each with the low weight of a common word. A 600-turn LoCoMo conversation has no such word.
 */
export const COMMON_TEXTS = 3_000;
/** From this many parts on, a query is a question: a text must hold one of its rarer parts (see anyPart). */
export const QUESTION_PARTS = 4;

type Query = (sql: string) => Statement;
type Row = { id: number; score: number; covered: number };

/**
 * The query's hits, best first: any part may match, in the text or in its neighbours' openings; the best
 * CANDIDATES by bm25 are ordered again by bm25 (relative to the best) plus PART_WEIGHT per query part they
 * hold. Every match of the scope competes, the oldest included. Never throws on query text.
 */
export function searchDocs(
  q: Query,
  pad: SnippetPad,
  project: string,
  query: string,
  scope: SearchScope,
  limit: number,
): Hit[] {
  const parsed = ftsQuery(query);
  if (!parsed) return [];
  const session = "session" in scope ? scope.session : "";
  const within = session
    ? `scope : ("${token("s", session)}" OR "${token("l", project)}")`
    : `scope : "${token("p", project)}"`;
  // a single word, name or phrase looks for where it is written; a question also for the turns next to its words
  const columns = parsed.parts.length > 1 ? "{body terms prev next}" : "{body terms}";
  const parts = parsed.parts;
  const texts = parts.length > 1 ? partTexts(q, parts) : [];
  const [strict, broad] = anyPart(parts, texts, columns);
  const match = `${within} AND ${strict}`;
  const wanted = Math.max(CANDIDATES, limit * 2);
  const best = (expression: string) =>
    q(
      `SELECT rowid AS id, bm25(docs_fts, ${WEIGHTS}) AS score, 0 AS covered FROM docs_fts WHERE docs_fts MATCH ?1 ORDER BY score LIMIT ?2`,
    ).all(expression, wanted) as Row[];
  // Texts holding every part rank first anyway; when there are enough of them, FTS5 need not score the
  // (often far more) texts that hold only some: an AND walks the rarest part's doclist, an OR all of them.
  // Only for short queries: a question's parts are rarely all in 60 texts, and the AND would be extra work;
  // nor when a part is in fewer texts than wanted (the AND could not fill the list, the OR runs anyway).
  let rows =
    parts.length > 1 && parts.length <= AND_FIRST_PARTS && Math.min(...texts) >= wanted
      ? best(`${within} AND ${columns} : (${parts.join(" AND ")})`)
      : [];
  // a question whose rarer parts are in fewer texts than it shows: the texts of its common words fill up
  for (const expression of broad ? [match, `${within} AND ${broad}`] : [match]) {
    if (rows.length >= (expression === match ? wanted : limit)) break;
    const seen = new Set(rows.map((row) => row.id));
    rows = [...rows, ...best(expression).filter((row) => !seen.has(row.id))].slice(0, wanted);
  }
  if (parts.length > 1 && rows.length > 1) rerank(q, rows, parsed.words);
  // the scope tokens are letters and digits of the ids: the exact ids are checked on the rows shown
  const exact =
    "session" in scope ? "(d.session = ?2 OR (d.session IS NULL AND d.project = ?3))" : "d.project = ?3 AND ?2 = ?2";
  const detail = q(`SELECT ${HIT_COLUMNS} FROM docs d WHERE d.id = ?1 AND ${exact}`);
  const found: Array<Hit & { body?: string }> = [];
  for (const row of rows) {
    if (found.length >= limit) break;
    const hit = detail.get(row.id, session, project) as (Hit & { body: string }) | null;
    if (hit) found.push(hit);
  }
  const snippets = pad.snippets(found as Array<{ id: number; body: string }>, parts.join(" OR "));
  return found.map(({ body: _, ...hit }) => ({ ...hit, snippet: snippets.get(hit.id) ?? "" }));
}

/** How long a part's count is reused on this connection: a word crosses COMMON_TEXTS slowly, if ever. */
const COUNT_MS = 10 * 60_000;
const counts = new WeakMap<Statement, Map<string, { n: number; at: number }>>();

/**
 * How many texts of the file hold each part, up to COMMON_TEXTS + 1 (FTS5 stops there: a common word costs
 * about 0.4 ms at 10k texts, a rare one nothing). Kept per connection for COUNT_MS.
 */
export function partTexts(q: Query, parts: string[], now = Date.now()): number[] {
  const count = q(
    `SELECT count(*) AS n FROM (SELECT rowid FROM docs_fts WHERE docs_fts MATCH ?1 LIMIT ${COMMON_TEXTS + 1})`,
  );
  let known = counts.get(count);
  if (!known) counts.set(count, (known = new Map()));
  return parts.map((part) => {
    const hit = known.get(part);
    if (hit && now - hit.at < COUNT_MS) return hit.n;
    const n = (count.get(part) as { n: number }).n;
    if (known.size >= 4_096) known.clear();
    known.set(part, { n, at: now });
    return n;
  });
}

/**
 * The parts OR-ed: a common one (COMMON_TEXTS, by `texts` from partTexts) only in the text's own columns,
 * the others in `columns`; for a question, also the expression without its rule (to fill a short list).
 */
export function anyPart(parts: string[], texts: number[], columns: string): [string, string?] {
  const common = parts.map((_, i) => (texts[i] ?? 0) > COMMON_TEXTS);
  const rare = parts.filter((_, i) => !common[i]);
  const often = parts.filter((_, i) => common[i]);
  if (parts.length < 2 || !often.length) return [`${columns} : (${parts.join(" OR ")})`];
  const own = `{body terms} : (${often.join(" OR ")})`;
  if (!rare.length) return [own];
  const rarer = `${columns} : (${rare.join(" OR ")})`;
  // A question's common words (file, change, tests) match most texts; bm25 then scores thousands that hold
  // nothing else. With QUESTION_PARTS or more, a text must hold a rarer part, and the common ones count
  // towards it. The rarer parts are listed twice there, so bm25 weighs them double.
  const any = `(${rarer} OR ${own})`;
  return parts.length >= QUESTION_PARTS ? [`${any} AND ${rarer}`, any] : [any];
}

const count = (mask: number) => {
  let n = 0;
  for (; mask; mask &= mask - 1) n++;
  return n;
};

/** bm25 relative to the best candidate, plus the query parts each holds (its neighbours' count for less). */
function rerank(q: Query, rows: Row[], words: string[][][]): void {
  const texts = q(
    `SELECT id, body || char(10) || terms AS text, prev || char(10) || next AS near
     FROM docs WHERE id IN (SELECT value FROM json_each(?1))`,
  );
  const cache = new Map<string, string>();
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const { id, text, near } of texts.all(JSON.stringify(rows.map((row) => row.id))) as Array<{
    id: number;
    text: string;
    near: string;
  }>) {
    const own = coveredMask(text, words, cache);
    const held = count(own);
    byId.get(id)!.covered = held + NEAR_PART * (count(own | coveredMask(near, words, cache)) - held);
  }
  // bm25 is negative, the best the lowest
  const best = Math.min(...rows.map((row) => row.score)) || -1;
  const key = (row: Row) => row.score / best + PART_WEIGHT * row.covered;
  rows.sort((a, b) => key(b) - key(a));
}
