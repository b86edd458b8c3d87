// The index's size with and without the neighbours' columns, both measured the same way: a copy of the
// file with its FTS segments merged and its free pages dropped, so only what is stored counts.
import { Database } from "bun:sqlite";
import { copyFileSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

function compacted(source: Database, clear: boolean): number {
  const dir = mkdtempSync(join(tmpdir(), "hud-bench-size-"));
  try {
    const path = join(dir, "copy.db");
    source.run("PRAGMA wal_checkpoint(TRUNCATE)");
    copyFileSync(source.filename, path);
    const db = new Database(path);
    // without them, the index is the previous schema's: the same texts, name parts and scope
    if (clear) db.run("UPDATE docs SET prev = '', next = '' WHERE prev <> '' OR next <> ''");
    db.run("INSERT INTO docs_fts (docs_fts) VALUES ('optimize')");
    db.run("VACUUM");
    db.close();
    return statSync(path).size;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Bytes of the index as stored now, and as it was without the neighbours' columns. */
export function neighbourSizes(db: Database): { withNeighbours: number; without: number } {
  return { withNeighbours: compacted(db, false), without: compacted(db, true) };
}

export const sizeLine = (label: string, { withNeighbours, without }: { withNeighbours: number; without: number }) =>
  `${label}: ${(without / 2 ** 20).toFixed(1)} MB without the neighbours' columns, ${(withNeighbours / 2 ** 20).toFixed(1)} MB with them (${(withNeighbours / without).toFixed(2)}x, target <= 2x: ${withNeighbours <= 2 * without ? "ok" : "MISSED"})`;
