import { Database } from "bun:sqlite";

/**
 * Snippets for the few hits a search shows, cut by FTS5 itself on a scratch in-memory index that holds
 * only those texts. Asking the recall index for `snippet()` needs a MATCH per hit, and FTS5 walks every
 * query word's whole doclist to place one row: about 0.15 ms a hit at 10k messages, most of a search.
 * The pad has the index's tokenizer, so the same words are marked; it keeps nothing between calls.
 */
export class SnippetPad {
  private db: Database | undefined;

  /** `match` is an FTS5 expression over plain words (no column filter): the search's parts, OR-ed. */
  snippets(texts: Array<{ id: number; body: string }>, match: string): Map<number, string> {
    const db = (this.db ??= SnippetPad.open());
    const out = new Map<number, string>();
    db.transaction(() => {
      const insert = db.query("INSERT INTO pad (rowid, body) VALUES (?1, ?2)");
      for (const { id, body } of texts) insert.run(id, body);
      for (const row of db
        .query("SELECT rowid AS id, snippet(pad, 0, '«', '»', '…', 16) AS snippet FROM pad WHERE pad MATCH ?1")
        .all(match) as Array<{ id: number; snippet: string }>)
        out.set(row.id, row.snippet);
      db.run("DELETE FROM pad");
    })();
    // a text the query matched only through its name parts has no marked word: its opening words stand in
    for (const { id, body } of texts) if (!out.has(id)) out.set(id, opening(body));
    return out;
  }

  close(): void {
    this.db?.close();
    this.db = undefined;
  }

  private static open(): Database {
    const db = new Database(":memory:");
    db.run("CREATE VIRTUAL TABLE pad USING fts5(body, tokenize = 'porter unicode61 remove_diacritics 2')");
    return db;
  }
}

function opening(body: string): string {
  const words = body.trim().split(/\s+/);
  return words.length > 16 ? `${words.slice(0, 16).join(" ")}…` : words.join(" ");
}
