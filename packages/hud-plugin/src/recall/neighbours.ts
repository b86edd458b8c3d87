import type { Statement } from "bun:sqlite";

/*
 * Conversational evidence leans on its neighbours: the answer to a question is often the turn after it, or
 * the one after that (an answer, a follow-up, the rest of the answer), and a reply means little without what
 * it replies to. So each message part is indexed with the openings of the two parts before it (`prev`: the
 * part just before, then the one before that, a line apart) and the first words of the part after it
 * (`next`), in its session in message time order, in two FTS columns of their own that bm25 weighs below the
 * part's own text (see search.ts). Only openings: where a turn says what it is about (a tool call's name and
 * input come first), and the index grows by a bounded amount per part, not by its neighbours' whole outputs.
 * The lengths are a trade measured on LoCoMo and the coding set (docs/recall.md): a second part before
 * found more answers than a longer part after, for the same size.
 *
 * Both columns are copies of texts already stored, which passed the redactor on their way in: nothing
 * reaches them that the redactor has not seen.
 */
/** The opening of the part just before, in `prev`. */
export const NEAR_CHARS = 300;
/** The opening of the part two before, after the first one's in `prev`. */
export const SECOND_CHARS = 200;
/** The opening of the part after, in `next`. */
export const NEXT_CHARS = 40;

const head = (alias: string, chars = NEAR_CHARS) => `substr(${alias}.body, 1, ${chars})`;
const PART = (alias: string) => `${alias}.kind = 'part' AND ${alias}.session IS NOT NULL`;
// `skip`: 1 for the part two away
const BEFORE = (alias: string, of: string, skip = 0) =>
  `${alias}.session = ${of}.session AND ${PART(alias)} AND (${alias}.at, ${alias}.id) < (${of}.at, ${of}.id)
   ORDER BY ${alias}.at DESC, ${alias}.id DESC LIMIT 1 OFFSET ${skip}`;
const AFTER = (alias: string, of: string, skip = 0) =>
  `${alias}.session = ${of}.session AND ${PART(alias)} AND (${alias}.at, ${alias}.id) > (${of}.at, ${of}.id)
   ORDER BY ${alias}.at, ${alias}.id LIMIT 1 OFFSET ${skip}`;
// an unchanged pair is not written: every write rewrites the row's FTS entries
const APPLY = `UPDATE docs SET prev = near.p, next = near.n FROM near
  WHERE docs.id = near.id AND (docs.prev <> near.p OR docs.next <> near.n)`;

/** Every part's neighbours, in one pass (an upgrade from a version without them, or with one before). */
export const LINK_ALL = `WITH near AS (
    SELECT id, coalesce(lag(substr(body, 1, ${NEAR_CHARS})) OVER w, '')
        || coalesce(char(10) || lag(substr(body, 1, ${SECOND_CHARS}), 2) OVER w, '') AS p,
      coalesce(lead(substr(body, 1, ${NEXT_CHARS})) OVER w, '') AS n
    FROM docs WHERE kind = 'part' AND session IS NOT NULL
    WINDOW w AS (PARTITION BY session ORDER BY at, id))
  ${APPLY}`;

/**
 * A part written (new or changed) and the parts whose columns hold it: the one before it (its `next`) and the
 * two after it (their `prev`). A part that arrives between others (a catch-up after a restart) takes its place
 * between them.
 */
const LINK = `WITH x AS (SELECT id, session, at, kind FROM docs WHERE id = ?1 AND ${PART("docs")}),
  ids AS (
    SELECT id FROM x
    UNION ALL SELECT (SELECT p.id FROM docs p WHERE ${BEFORE("p", "x")}) FROM x
    UNION ALL SELECT (SELECT n.id FROM docs n WHERE ${AFTER("n", "x")}) FROM x
    UNION ALL SELECT (SELECT n.id FROM docs n WHERE ${AFTER("n", "x", 1)}) FROM x),
  near AS (
    SELECT d.id,
      coalesce((SELECT ${head("p")} FROM docs p WHERE ${BEFORE("p", "d")}), '')
        || coalesce(char(10) || (SELECT ${head("p", SECOND_CHARS)} FROM docs p WHERE ${BEFORE("p", "d", 1)}), '') AS p,
      coalesce((SELECT ${head("n", NEXT_CHARS)} FROM docs n WHERE ${AFTER("n", "d")}), '') AS n
    FROM docs d WHERE d.id IN (SELECT id FROM ids WHERE id IS NOT NULL))
  ${APPLY}`;

/** Links the part `id` with its neighbours; a HUD event or a project item has none. */
export function link(q: (sql: string) => Statement, id: number): void {
  q(LINK).run(id);
}
