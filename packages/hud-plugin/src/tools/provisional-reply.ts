import type { FoldOutcome } from "../runtime/stream-cache.ts";

/** Operations whose reply names the ids of new items, with the list an agent reads them from later. */
const CREATED: Record<string, { what: string; list: string }> = {
  "notes.add": { what: "note", list: "notes.list" },
  "decisions.record": { what: "decision", list: "decisions.list" },
  "steps.add": { what: "step", list: "steps.list" },
  "blockers.add": { what: "blocker", list: "blockers.list" },
  "conventions.add": { what: "convention", list: "project.list" },
  "keyfiles.add": { what: "key file", list: "project.list" },
  resume: { what: "task and open steps", list: "snapshot" },
};

/**
 * The reply for new items that are only buffered in memory. Item ids follow the order of the shared event
 * log, and a buffered event is placed in it only when it is written, after whatever another process
 * commits first; any id given now could name another process's item, so none is given.
 */
export function provisionalReply(tool: string, outcomes: readonly FoldOutcome[]): string | undefined {
  const created = CREATED[tool];
  if (!created || !outcomes.some((o) => o.ok && o.pending)) return undefined;
  const [its, it] = created.what.endsWith("steps") ? ["their ids are", "they are"] : ["its id is", "it is"];
  return `ok: ${created.what} recorded in memory; the database is not taking writes right now, so ${its} assigned when ${it} written — see hud ${created.list}`;
}
