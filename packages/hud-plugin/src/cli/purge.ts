import { Database } from "bun:sqlite";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { RENDERS_FILE } from "../agent-components/stored-renders.ts";
import { PURGED_TABLE, RECALL_FILE, purgedHash } from "../recall/schema.ts";
import { forgetSessions, pruneQuarantined } from "../store/forget.ts";
import { DB_FILE } from "../store/paths.ts";
import { refuseLinks } from "../store/private-files.ts";
import { scrub } from "../store/scrub.ts";
import { forgetHostFiles } from "../host/cli-parts.ts";

/**
 * Removes sessions (and, for whole projects, the project's memory stream) from hud.db and recall.db, each
 * in one transaction on a short connection of its own: safe while opencode runs, which waits on the lock
 * and reads the change on its next call. Then each file is scrubbed (`store/scrub.ts`): none of the purged
 * text stays in its bytes. The copies of broken databases set aside for inspection go too: they hold
 * conversations, and no row can be taken out of a broken file. Returns the files whose -wal another process
 * kept from being emptied, and how many set-aside copies were removed.
 */
export function purge(
  dir: string,
  sessionIDs: readonly string[],
  projectKeys: readonly string[],
): { busy: string[]; setAside: number } {
  const unscrubbed: string[] = [];
  const setAside = pruneQuarantined(dir, 0, Number.POSITIVE_INFINITY);
  const hud = join(dir, DB_FILE);
  refuseLinks(hud);
  forgetSessions(hud, sessionIDs, false);
  forgetHostFiles(dir, sessionIDs);
  // the components' last renders are a cache of rendered state, kept by component, not by session: all go
  // (the next process renders afresh)
  rmSync(join(dir, RENDERS_FILE), { force: true });
  if (existsSync(hud))
    withConnection(hud, unscrubbed, (db) => {
      const drop = db.query("DELETE FROM events WHERE stream = ?");
      db.transaction(() => projectKeys.forEach((key) => drop.run(`project:${key}`))).immediate();
    });
  const recall = join(dir, RECALL_FILE);
  if (!existsSync(recall)) return { busy: unscrubbed, setAside };
  refuseLinks(recall);
  withConnection(recall, unscrubbed, (db) => {
    const bySession = ["docs WHERE session", "messages WHERE session", "cursors WHERE stream", "sessions WHERE id"];
    const session = bySession.map((where) => db.query(`DELETE FROM ${where} = ?`));
    const byProject = ["docs WHERE project", "sessions WHERE project"].map((where) =>
      db.query(`DELETE FROM ${where} = ?`),
    );
    // remembered by a hash, so a running opencode that still reports one of them never indexes it again
    db.run(PURGED_TABLE);
    const remember = db.query("INSERT OR IGNORE INTO purged (hash) VALUES (?)");
    db.transaction(() => {
      for (const id of sessionIDs) remember.run(purgedHash(id));
      for (const id of sessionIDs)
        session.forEach((statement, i) => statement.run(bySession[i]!.includes("stream") ? `session:${id}` : id));
      for (const key of projectKeys) byProject.forEach((statement) => statement.run(key));
    }).immediate();
    // the FTS index drops deleted entries for real only when its segments merge
    db.run("INSERT INTO docs_fts (docs_fts) VALUES ('optimize')");
  });
  return { busy: unscrubbed, setAside };
}

function withConnection(path: string, unscrubbed: string[], remove: (db: Database) => void): void {
  const db = new Database(path);
  try {
    db.run("PRAGMA busy_timeout = 2000");
    // the deleting transaction's own pages (in the -wal until the checkpoint) carry zeros, not the rows
    db.run("PRAGMA secure_delete = ON");
    remove(db);
    if (!scrub(db)) unscrubbed.push(path);
  } finally {
    db.close();
  }
}
