// The plain baselines, on the very documents the plugin stored: FTS5 bm25 with any word OR-ed
// (unicode61), and FTS5 bm25 with the porter stemmer and stop words removed.
import { Database } from "bun:sqlite";
import { STOP_WORDS } from "@agent-hud/hud-plugin/internal";

export type System = { name: string; search(query: string, session: string, limit: number): number[] };

const WORD = /[\p{L}\p{N}]+/gu;

function baseline(source: Database, name: string, tokenize: string, words: (query: string) => string[]): System {
  const db = new Database(":memory:");
  db.run("CREATE TABLE d (id INTEGER PRIMARY KEY, session TEXT)");
  db.run(`CREATE VIRTUAL TABLE f USING fts5(body, tokenize = '${tokenize}')`);
  const rows = source.query("SELECT id, session, body FROM docs").all() as Array<{
    id: number;
    session: string | null;
    body: string;
  }>;
  db.transaction(() => {
    const d = db.query("INSERT INTO d (id, session) VALUES (?, ?)");
    const f = db.query("INSERT INTO f (rowid, body) VALUES (?, ?)");
    for (const row of rows) {
      d.run(row.id, row.session);
      f.run(row.id, row.body);
    }
  })();
  const ranked = db.query(
    "SELECT f.rowid AS id FROM f JOIN d ON d.id = f.rowid WHERE f MATCH ? AND d.session = ? ORDER BY bm25(f) LIMIT ?",
  );
  return {
    name,
    search(query, session, limit) {
      const list = words(query);
      if (!list.length) return [];
      const match = list.map((w) => `"${w}"`).join(" OR ");
      return (ranked.all(match, session, limit) as Array<{ id: number }>).map((r) => r.id);
    },
  };
}

export const anyWord = (source: Database) =>
  baseline(source, "A: bm25, any word, unicode61", "unicode61 remove_diacritics 2", (q) => q.match(WORD) ?? []);

export const porterStop = (source: Database) =>
  baseline(source, "B: bm25, porter, stop words out", "porter unicode61 remove_diacritics 2", (q) => {
    const words = (q.match(WORD) ?? []).map((w) => w.toLowerCase());
    const kept = words.filter((w) => !STOP_WORDS.has(w));
    return kept.length ? kept : words;
  });
