import type { Database } from "bun:sqlite";

/**
 * Leaves none of a deleted row's bytes in the database's files: VACUUM rebuilds every page (free pages and
 * the unused space inside live pages are where deleted text stays otherwise), and the truncating checkpoint
 * moves the rebuilt pages into the file and empties the -wal, whose older frames still hold the deleted rows.
 * Returns false when another connection's read kept the checkpoint from emptying the -wal within the busy
 * timeout: the bytes are gone from the database file but may stay in the -wal until its next reset.
 */
export function scrub(db: Database): boolean {
  db.run("VACUUM");
  const result = db.query("PRAGMA wal_checkpoint(TRUNCATE)").get() as { busy: number } | null;
  return result?.busy === 0;
}

/**
 * Deleted content is overwritten where that costs no extra write (the rest of its page is written anyway),
 * so a retention that frees pages and then gives them back leaves little behind; purge scrubs the rest.
 */
export const SECURE_DELETE = "PRAGMA secure_delete = FAST";
