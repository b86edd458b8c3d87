import { Database } from "bun:sqlite";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { RENDERS_FILE } from "../agent-components/stored-renders.ts";
import { RECALL_FILE } from "../recall/schema.ts";
import { forgetSessions } from "../store/forget.ts";
import { DB_FILE } from "../store/paths.ts";
import { refuseLinks } from "../store/private-files.ts";
import { forgetHostFiles } from "../host/cli-parts.ts";

/**
 * Removes sessions (and, for whole projects, the project's memory stream) from hud.db and recall.db, each
 * in one transaction on a short connection of its own: safe while opencode runs, which waits on the lock
 * and reads the change on its next call.
 */
export function purge(dir: string, sessionIDs: readonly string[], projectKeys: readonly string[]): void {
  const hud = join(dir, DB_FILE);
  refuseLinks(hud);
  forgetSessions(hud, sessionIDs, true);
  forgetHostFiles(dir, sessionIDs);
  // the components' last renders are a cache of rendered state, kept by component, not by session: all go
  // (the next process renders afresh)
  rmSync(join(dir, RENDERS_FILE), { force: true });
  if (projectKeys.length && existsSync(hud)) {
    const db = new Database(hud);
    try {
      db.run("PRAGMA busy_timeout = 2000");
      const drop = db.query("DELETE FROM events WHERE stream = ?");
      db.transaction(() => projectKeys.forEach((key) => drop.run(`project:${key}`))).immediate();
    } finally {
      db.close();
    }
  }
  const recall = join(dir, RECALL_FILE);
  if (!existsSync(recall)) return;
  refuseLinks(recall);
  const db = new Database(recall);
  try {
    db.run("PRAGMA busy_timeout = 2000");
    const bySession = ["docs WHERE session", "messages WHERE session", "cursors WHERE stream", "sessions WHERE id"];
    const session = bySession.map((where) => db.query(`DELETE FROM ${where} = ?`));
    const byProject = ["docs WHERE project", "sessions WHERE project"].map((where) =>
      db.query(`DELETE FROM ${where} = ?`),
    );
    db.transaction(() => {
      for (const id of sessionIDs)
        session.forEach((statement, i) => statement.run(bySession[i]!.includes("stream") ? `session:${id}` : id));
      for (const key of projectKeys) byProject.forEach((statement) => statement.run(key));
    }).immediate();
    // the FTS index drops deleted entries for real only when its segments merge
    db.run("INSERT INTO docs_fts (docs_fts) VALUES ('optimize')");
    db.run("PRAGMA wal_checkpoint(TRUNCATE)");
  } finally {
    db.close();
  }
}
