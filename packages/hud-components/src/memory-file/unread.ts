import type { MemoryItem } from "../state/memory-item.ts";

// What a parse of the memory file found, apart from the parser itself: the plan and the writer use these
// types, and the parser (markdown → mdast → UJSX) loads only where a file has to be read.

/** A stretch of the file the parser could not read; `text` is those lines exactly as they were. */
export type UnreadPart = { start: number; end: number; reason: string; text: string };

export type ParsedMemoryFile = {
  items: MemoryItem[];
  /** What could not be read, in file order, merged where only blank lines separate two parts. */
  unread: UnreadPart[];
  /** Keys seen in the unread parts: those items are not deleted, only not readable right now. */
  unreadKeys: Set<string>;
  /** The file holds merge conflict markers (a merge is under way: it is not rewritten until they go). */
  conflicts: boolean;
  /** Names listed under "Agent components" (output only: compared with the log to know when to rewrite). */
  components?: string[];
};

/** One line for the HUD: what could not be read and where, e.g. `lines 5–9 (merge conflict markers)`. */
export function describeUnread(parts: readonly UnreadPart[], file: string): string | undefined {
  if (!parts.length) return undefined;
  const where = parts.map(
    (p) => `${p.start === p.end ? `line ${p.start}` : `lines ${p.start}–${p.end}`} (${p.reason})`,
  );
  const shown = where.length > 3 ? [...where.slice(0, 3), `${where.length - 3} more`] : where;
  return `${file}: could not read ${shown.join(", ")}; kept as written`;
}
