import type { Statement } from "bun:sqlite";

/**
 * Conversational evidence leans on its neighbours: the answer to a question is often the turn after it,
 * and a reply means little without what it replies to. So each message part is indexed with the opening
 * of the part before it (`prev`) and after it (`next`) in its session, in message time order, in two FTS
 * columns of their own that bm25 weighs below the part's own text (see search.ts). Only the opening:
 * where a turn says what it is about (a tool call's name and input come first), and the index grows by at
 * most twice this per part, not by its neighbours' whole outputs.
 *
 * Both columns are copies of texts already stored, which passed the redactor on their way in: nothing
 * reaches them that the redactor has not seen.
 */
export const NEAR_CHARS = 300;

const head = (alias: string) => `substr(${alias}.body, 1, ${NEAR_CHARS})`;
const PART = (alias: string) => `${alias}.kind = 'part' AND ${alias}.session IS NOT NULL`;
const BEFORE = (alias: string, of: string) =>
  `${alias}.session = ${of}.session AND ${PART(alias)} AND (${alias}.at, ${alias}.id) < (${of}.at, ${of}.id)
   ORDER BY ${alias}.at DESC, ${alias}.id DESC LIMIT 1`;
const AFTER = (alias: string, of: string) =>
  `${alias}.session = ${of}.session AND ${PART(alias)} AND (${alias}.at, ${alias}.id) > (${of}.at, ${of}.id)
   ORDER BY ${alias}.at, ${alias}.id LIMIT 1`;
// an unchanged pair is not written: every write rewrites the row's FTS entries
const APPLY = `UPDATE docs SET prev = near.p, next = near.n FROM near
  WHERE docs.id = near.id AND (docs.prev <> near.p OR docs.next <> near.n)`;

/** Every part's neighbours, in one pass (an upgrade from a version without them). */
export const LINK_ALL = `WITH near AS (
    SELECT id, coalesce(lag(substr(body, 1, ${NEAR_CHARS})) OVER w, '') AS p,
      coalesce(lead(substr(body, 1, ${NEAR_CHARS})) OVER w, '') AS n
    FROM docs WHERE kind = 'part' AND session IS NOT NULL
    WINDOW w AS (PARTITION BY session ORDER BY at, id))
  ${APPLY}`;

/**
 * A part written (new or changed) and the parts on either side of it: their openings in each other's
 * columns. A part that arrives between two others (a catch-up after a restart) takes its place between them.
 */
const LINK = `WITH x AS (SELECT id, session, at, kind FROM docs WHERE id = ?1 AND ${PART("docs")}),
  ids AS (
    SELECT id FROM x
    UNION ALL SELECT (SELECT p.id FROM docs p WHERE ${BEFORE("p", "x")}) FROM x
    UNION ALL SELECT (SELECT n.id FROM docs n WHERE ${AFTER("n", "x")}) FROM x),
  near AS (
    SELECT d.id,
      coalesce((SELECT ${head("p")} FROM docs p WHERE ${BEFORE("p", "d")}), '') AS p,
      coalesce((SELECT ${head("n")} FROM docs n WHERE ${AFTER("n", "d")}), '') AS n
    FROM docs d WHERE d.id IN (SELECT id FROM ids WHERE id IS NOT NULL))
  ${APPLY}`;

/** Links the part `id` with its neighbours; a HUD event or a project item has none. */
export function link(q: (sql: string) => Statement, id: number): void {
  q(LINK).run(id);
}
