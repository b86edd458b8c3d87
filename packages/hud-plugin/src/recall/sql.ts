/** The SQL and FTS5 pieces of the recall index that are not a single statement. */

// A part takes its message's numbers; an event (no message) counts the user messages and summaries before it.
export const ORIGIN = `CASE WHEN d.kind = 'part' THEN (SELECT turn FROM messages WHERE id = d.message)
    WHEN d.session IS NOT NULL THEN (SELECT count(*) FROM messages m WHERE m.session = d.session AND m.role = 'user' AND m.at <= d.at) END AS turn,
  coalesce((SELECT epoch FROM messages WHERE id = d.message),
    (SELECT count(*) FROM messages m WHERE m.session = d.session AND m.summary = 1 AND m.at <= d.at)) AS epoch`;
/** A hit's columns, its body among them for the snippet (see snippet-pad.ts). */
export const HIT_COLUMNS = `d.id, d.kind, d.session, d.source, d.at, ${ORIGIN}, d.body`;
export const RENUMBER = `WITH numbered AS (
    SELECT id, sum(role = 'user') OVER w AS turn, sum(summary) OVER w AS epoch FROM messages WHERE session = ?1
    WINDOW w AS (ORDER BY at, id ROWS UNBOUNDED PRECEDING))
  UPDATE messages SET turn = numbered.turn, epoch = numbered.epoch FROM numbered WHERE messages.id = numbered.id`;
/** FTS tokens of the scope column: letters and digits only, so the tokenizer keeps each one whole. */
export const token = (prefix: string, id: string) => `${prefix}${id.replace(/[^A-Za-z0-9]/g, "")}`;
export const scopeOf = (project: string, session: string | null) =>
  session ? `${token("s", session)} ${token("p", project)}` : `${token("l", project)} ${token("p", project)}`;
