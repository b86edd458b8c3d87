import { Database, type Statement } from "bun:sqlite";
import { join } from "node:path";
import { retryBusy } from "../store/faults.ts";
import { privateDatabase } from "../store/private-files.ts";
import { nameParts } from "./identifiers.ts";
import { link } from "./neighbours.ts";
import { expiredWhere, type Retention } from "./retention.ts";
import { RECALL_FILE, createSchema, purgedHash } from "./schema.ts";
import { ORIGIN, RENUMBER, scopeOf } from "./sql.ts";
import { searchDocs } from "./search.ts";
import { SnippetPad } from "./snippet-pad.ts";
import type { MessageEvent, PartEvent } from "../events/host-event.ts";
import { eventText, partText } from "./texts.ts";

export type { Compaction, Doc, Hit, SearchScope } from "./types.ts";
import type { Compaction, Doc, Hit, SearchScope } from "./types.ts";

type MessageRow = { role: string; at: number; summary: number };

/**
 * The conversation index (SQLite FTS5, bm25 ranking). Every write is an idempotent upsert keyed by
 * the host's part id or the event's stream and seq, so live host events, a catch-up through the host's
 * history and a restart can all feed it the same things.
 */
export class RecallIndex {
  private readonly statements = new Map<string, Statement>();
  private readonly pad = new SnippetPad();
  /** Each session's key in `purged`: a hash per event was a hasher object per event (one session, hundreds). */
  private readonly purgedKeys = new Map<string, string>();
  /** One transaction wrapper for every write: bun's `transaction()` builds four new functions per call. */
  private atomic: ((body: () => void) => void) | undefined;

  private constructor(
    readonly db: Database,
    readonly project: string,
    private readonly redact: (text: string) => string,
  ) {}

  /** `redact` is applied to every text before it is stored (the privacy redactor; identity in tests). */
  static open(dir: string, project: string, redact: (text: string) => string = (text) => text): RecallIndex {
    if (dir !== ":memory:") privateDatabase(join(dir, RECALL_FILE));
    const db = retryBusy(() => {
      const db = new Database(dir === ":memory:" ? ":memory:" : join(dir, RECALL_FILE), { create: true });
      try {
        createSchema(db);
        return db;
      } catch (error) {
        db.close(false);
        throw error;
      }
    });
    return new RecallIndex(db, project, redact);
  }

  private q(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) this.statements.set(sql, (statement = this.db.query(sql)));
    return statement;
  }

  /** A session the person purged is never indexed again (see `purged` in schema.ts). */
  private purged(session: string | null): boolean {
    if (session === null) return false;
    let key = this.purgedKeys.get(session);
    if (key === undefined) this.purgedKeys.set(session, (key = purgedHash(session)));
    return this.q("SELECT 1 FROM purged WHERE hash = ?").get(key) !== null;
  }

  private touchSession(session: string, at: number): void {
    this.q(
      `INSERT INTO sessions (id, project, updated_at) VALUES (?1, ?2, ?3)
       ON CONFLICT (id) DO UPDATE SET updated_at = max(updated_at, excluded.updated_at)`,
    ).run(session, this.project, at);
  }

  private messageRow(id: string): MessageRow | undefined {
    return (this.q("SELECT role, at, summary FROM messages WHERE id = ?").get(id) as MessageRow | null) ?? undefined;
  }

  /** A message as the host reports it: role, time, and whether it is a compaction's summary. */
  message(info: MessageEvent): void {
    if (this.purged(info.session)) return;
    const summary = info.role === "assistant" && info.summary === true;
    const known = this.messageRow(info.id);
    if (known && (known.summary === 1 || !summary)) return;
    const at = info.at ?? 0;
    this.touchSession(info.session, at);
    const last = this.q(
      "SELECT id, at, turn, epoch FROM messages WHERE session = ? ORDER BY at DESC, id DESC LIMIT 1",
    ).get(info.session) as { id: string; at: number; turn: number; epoch: number } | null;
    const inOrder = !known && (!last || last.at < at || (last.at === at && last.id < info.id));
    const turn = (last?.turn ?? 0) + (info.role === "user" ? 1 : 0);
    const epoch = (last?.epoch ?? 0) + (summary ? 1 : 0);
    this.q(
      `INSERT INTO messages (id, session, role, at, turn, epoch, summary) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
       ON CONFLICT (id) DO UPDATE SET summary = excluded.summary`,
    ).run(info.id, info.session, info.role, at, turn, epoch, summary ? 1 : 0);
    if (!inOrder) this.q("UPDATE sessions SET renumber = 1 WHERE id = ?").run(info.session);
  }

  /** Numbers a session's messages again when one arrived out of order (one pass, before it is read). */
  private renumber(session: string): void {
    const row = this.q("SELECT renumber FROM sessions WHERE id = ?").get(session) as { renumber: number } | null;
    if (!row?.renumber) return;
    this.transaction(() => {
      this.q(RENUMBER).run(session);
      this.q("UPDATE sessions SET renumber = 0 WHERE id = ?").run(session);
    });
  }

  /** A message part; unchanged text is not written again. */
  part(part: PartEvent): void {
    if (this.purged(part.session)) return;
    // redacted before it is clipped: a cut through a secret would leave a piece the redactor cannot know
    const text = partText(part, this.redact);
    if (!text) return;
    const message = this.messageRow(part.message);
    // the message's time, so that a part counts in its message's turn
    const at = message?.at ?? text.at ?? Date.now();
    if (!message) this.touchSession(part.session, at);
    const source = text.source !== "text" ? text.source : message?.summary ? "summary" : (message?.role ?? "text");
    const doc = {
      kind: "part" as const,
      session: part.session,
      message: part.message,
      source,
      at,
      body: text.body,
    };
    this.upsert(`part:${part.id}`, doc, true);
  }

  private upsert(
    key: string,
    raw: Pick<Doc, "kind" | "session" | "source" | "at" | "body"> & { message: string | null },
    redacted = false,
  ) {
    // the one way into the file: nothing is stored before the redactor has seen it
    const doc = redacted ? raw : { ...raw, body: this.redact(raw.body) };
    const known = this.q("SELECT id, body FROM docs WHERE key = ?").get(key) as { id: number; body: string } | null;
    if (known?.body === doc.body) return;
    const terms = nameParts(doc.body);
    // one write: a part and its neighbours' columns change together
    this.transaction(() => {
      if (known) this.q("UPDATE docs SET body = ?2, terms = ?3 WHERE id = ?1").run(known.id, doc.body, terms);
      const { lastInsertRowid } = known
        ? { lastInsertRowid: known.id }
        : this.q(
            `INSERT INTO docs (key, kind, project, session, message, source, at, scope, body, terms)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)`,
          ).run(
            key,
            doc.kind,
            this.project,
            doc.session,
            doc.message,
            doc.source,
            doc.at,
            scopeOf(this.project, doc.session),
            doc.body,
            terms,
          );
      if (doc.kind === "part") link((sql) => this.q(sql), Number(lastInsertRowid));
    });
  }

  /** The seq of the last event of a HUD log stream that is indexed. */
  cursor(stream: string): number {
    return (this.q("SELECT seq FROM cursors WHERE stream = ?").get(stream) as { seq: number } | null)?.seq ?? 0;
  }

  /** Indexes HUD log events after the stream's cursor; a buffered (pending) event stops it until it is written. */
  events(
    stream: string,
    session: string | null,
    entries: ReadonlyArray<{ seq: number; event: { kind: string; at: number }; pending?: true }>,
  ): void {
    if (this.purged(session)) return;
    let seq = this.cursor(stream);
    const start = seq;
    this.transaction(() => {
      for (const entry of entries) {
        if (entry.pending) break;
        if (entry.seq <= seq) continue;
        seq = entry.seq;
        const body = eventText(entry.event as Record<string, unknown>);
        if (!body) continue;
        const doc = {
          kind: "event" as const,
          session,
          message: null,
          source: entry.event.kind,
          at: entry.event.at,
          body,
        };
        this.upsert(`event:${stream}:${entry.seq}`, doc);
      }
      if (seq !== start)
        this.q(
          `INSERT INTO cursors (stream, seq) VALUES (?1, ?2) ON CONFLICT (stream) DO UPDATE SET seq = excluded.seq`,
        ).run(stream, seq);
    });
  }

  /** The best hits of the scope for what the agent typed (see searchDocs). Never throws on query text. */
  search(query: string, scope: SearchScope, limit: number): Hit[] {
    if ("session" in scope) this.renumber(scope.session);
    else
      for (const { id } of this.q("SELECT id FROM sessions WHERE project = ? AND renumber = 1").all(
        this.project,
      ) as Array<{ id: string }>)
        this.renumber(id);
    return searchDocs((sql) => this.q(sql), this.pad, this.project, query, scope, limit);
  }

  /** The doc a handle names, or undefined. */
  read(handle: string): Doc | undefined {
    const match = /^([me])(\d{1,15})$/.exec(handle.trim());
    if (!match) return undefined;
    const owner = this.q("SELECT session FROM docs WHERE id = ?").get(Number(match[2])) as {
      session: string | null;
    } | null;
    if (owner?.session) this.renumber(owner.session);
    const doc = this.q(
      `SELECT d.id, d.kind, d.session, d.source, d.at, ${ORIGIN}, d.body FROM docs d WHERE d.id = ? AND d.project = ?`,
    ).get(Number(match[2]), this.project) as Doc | null;
    return doc && (doc.kind === "part") === (match[1] === "m") ? doc : undefined;
  }

  compactionCount(session: string): number {
    return (
      this.q("SELECT count(*) AS n FROM messages WHERE session = ? AND summary = 1").get(session) as { n: number }
    ).n;
  }

  compactions(session: string): Compaction[] {
    this.renumber(session);
    return this.q(
      `SELECT m.id, m.at, m.turn, coalesce((SELECT group_concat(body, char(10)) FROM docs WHERE message = m.id), '') AS text
       FROM messages m WHERE m.session = ? AND m.summary = 1 ORDER BY m.at, m.id`,
    ).all(session) as Compaction[];
  }

  syncedAt(session: string): number {
    const row = this.q("SELECT synced_at FROM sessions WHERE id = ?").get(session) as { synced_at: number } | null;
    return row?.synced_at ?? 0;
  }

  markSynced(session: string, updatedAt: number): void {
    this.touchSession(session, updatedAt);
    this.q("UPDATE sessions SET synced_at = ?2 WHERE id = ?1").run(session, updatedAt);
  }

  /**
   * Drops every session (of any project) last active before `cutoff`, with its messages, index entries
   * and log cursor, then gives the space back. Project items are not session rows and stay.
   */
  prune(retention: Retention, now: number): string[] {
    const { where, values } = expiredWhere(retention, now, "project", "updated_at");
    const rows = this.q(`SELECT id FROM sessions WHERE ${where}`).all(...values) as Array<{ id: string }>;
    if (!rows.length) return [];
    this.transaction(() => rows.forEach(({ id }) => this.drop(id)));
    // merging the FTS segments drops the deleted entries for real; then free pages go back to the disk
    this.db.run("INSERT INTO docs_fts (docs_fts) VALUES ('optimize')");
    this.db.run("PRAGMA incremental_vacuum");
    this.db.run("PRAGMA wal_checkpoint(TRUNCATE)");
    return rows.map((r) => r.id);
  }

  /** Forgets one session: its messages, index entries, log cursor and row. */
  drop(session: string): void {
    this.q("DELETE FROM docs WHERE session = ?").run(session);
    this.q("DELETE FROM messages WHERE session = ?").run(session);
    this.q("DELETE FROM cursors WHERE stream = ?").run(`session:${session}`);
    this.q("DELETE FROM sessions WHERE id = ?").run(session);
  }

  transaction(body: () => void): void {
    (this.atomic ??= this.db.transaction((inside: () => void) => inside()))(body);
  }

  /**
   * SQLite's quick check of the whole file: throws SQLITE_CORRUPT when a file damaged inside (its header
   * intact, so it opened) would fail searches later. About 20 ms at 10k messages, so it runs off the call path.
   */
  verify(): void {
    const check = this.db.query("PRAGMA quick_check").get() as { quick_check?: string } | null;
    if (check?.quick_check !== "ok")
      throw Object.assign(new Error(`integrity check reported ${JSON.stringify(check?.quick_check ?? null)}`), {
        code: "SQLITE_CORRUPT",
      });
  }

  close(): void {
    for (const statement of this.statements.values()) statement.finalize();
    this.statements.clear();
    this.pad.close();
    this.db.close();
  }
}
