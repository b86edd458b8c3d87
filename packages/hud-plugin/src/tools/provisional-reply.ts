import { operationsByName } from "@agent-hud/hud-components";
import type { FoldOutcome } from "../runtime/stream-cache.ts";

/**
 * The reply for new items that are only buffered in memory. Item ids follow the order of the shared event
 * log, and a buffered event is placed in it only when it is written, after whatever another process
 * commits first; any id given now could name another process's item, so none is given.
 */
export function provisionalReply(tool: string, outcomes: readonly FoldOutcome[]): string | undefined {
  const created = operationsByName.get(tool)?.creates;
  if (!created || !outcomes.some((o) => o.ok && o.pending)) return undefined;
  const [its, it] = created.what.endsWith("steps") ? ["their ids are", "they are"] : ["its id is", "it is"];
  return `ok: ${created.what} recorded in memory; the database is not taking writes right now, so ${its} assigned when ${it} written — see hud ${created.list}`;
}
