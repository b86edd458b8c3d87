import type { EventOf } from "../events/hud-event.ts";
import type { HudState } from "../state/hud-state.ts";
import { fingerprint, fingerprints, memoryItemsOf, type MemoryItem } from "../state/memory-item.ts";
import { describeUnread, type ParsedMemoryFile } from "./unread.ts";

export type MemorySyncEvent = EventOf<"memory.sync">;

/**
 * What a read of the file changes, as one event (undefined: nothing to record). Three-way: the file is
 * compared with the file as of the last sync (`project.memoryFile.items`), not with the state, so an
 * item the agent added since then and the writer has not written yet is not taken for a deleted line,
 * and an item the agent removed since is not brought back.
 */
export function planRead(
  project: HudState,
  parsed: ParsedMemoryFile,
  hash: string,
  at: number,
  file: string,
): MemorySyncEvent | undefined {
  const base = project.memoryFile?.items ?? {};
  const current = new Map(memoryItemsOf(project).map((item) => [item.key, item]));
  const add: MemoryItem[] = [];
  const update: MemoryItem[] = [];
  for (const line of parsed.items) {
    const fp = fingerprint(line);
    const now = current.get(line.key);
    if (!now) {
      if (!(line.key in base)) add.push(line);
    } else if (base[line.key] !== fp && fingerprint(now) !== fp) update.push(line);
  }
  const inFile = new Set(parsed.items.map((line) => line.key));
  const remove = Object.keys(base).filter((key) => !inFile.has(key) && !parsed.unreadKeys.has(key) && current.has(key));
  const items = fingerprints(parsed.items);
  // an item on an unreadable line keeps what the last good read said about it
  for (const key of parsed.unreadKeys) if (key in base && !(key in items)) items[key] = base[key]!;
  const problem = describeUnread(parsed.unread, file);
  // field order is history's print order: the changes first, the bookkeeping last
  const event: MemorySyncEvent = {
    kind: "memory.sync",
    at,
    by: "memory-file",
    ...(add.length ? { add } : {}),
    ...(update.length ? { update } : {}),
    ...(remove.length ? { remove } : {}),
    ...(problem ? { problem } : {}),
    hash,
    items,
  };
  const unchanged =
    !add.length &&
    !update.length &&
    !remove.length &&
    project.memoryFile?.problem === problem &&
    JSON.stringify(project.memoryFile?.items) === JSON.stringify(items);
  return unchanged && project.memoryFile?.hash === hash ? undefined : event;
}

/** True when the file (as parsed) holds exactly the state's items; only then is there nothing to write. */
export function fileMatches(project: HudState, parsed: ParsedMemoryFile): boolean {
  const want = fingerprints(memoryItemsOf(project));
  const have = fingerprints(parsed.items);
  const keys = Object.keys(want);
  const sameItems = keys.length === Object.keys(have).length && keys.every((key) => want[key] === have[key]);
  return sameItems && componentNamesOf(project).join("\n") === (parsed.components ?? []).join("\n");
}

/** The names the memory file lists under "Agent components": the project's agent components, in order. */
export function componentNamesOf(project: HudState): string[] {
  return (project.components ?? []).map((component) => component.name);
}

/**
 * Records a write: the file now holds the state's items (and the parts kept as written), except those
 * `withheld` from it, which the record leaves out so that a later read does not take their absence for a
 * deletion.
 */
export function planWritten(
  project: HudState,
  parsed: ParsedMemoryFile | undefined,
  hash: string,
  at: number,
  file: string,
  withheld: ReadonlySet<string> = new Set(),
): MemorySyncEvent {
  const written = memoryItemsOf(project).filter((item) => !withheld.has(item.key));
  const event: MemorySyncEvent = { kind: "memory.sync", at, hash, items: fingerprints(written) };
  const problem = parsed ? describeUnread(parsed.unread, file) : undefined;
  if (problem) event.problem = problem;
  return event;
}
