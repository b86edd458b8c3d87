import { operationsByName } from "./catalog.ts";
import type { ToolCall } from "./validate.ts";

type OutcomeLike = { id?: string; ids?: string[]; ok?: boolean; reason?: string };

/** The tool result of a mutating op: "ok: added note n3", or the reducer's reason when nothing changed. */
export function describeOutcome(call: ToolCall, outcomes: ReadonlyArray<OutcomeLike>): string {
  const failed = outcomes.find((o) => o.ok === false);
  if (failed) return `no change: ${failed.reason ?? "the operation did not apply"}`;
  const verb = operationsByName.get(call.tool)?.verb ?? `${call.tool} done`;
  const ids = outcomes.flatMap((o) => o.ids ?? (o.id !== undefined ? [o.id] : []));
  if (call.tool === "resume") {
    return ids.length ? `ok: resumed ${ids.join(", ")} (task and open steps copied into this session)` : "ok: resumed";
  }
  return ids.length ? `ok: ${verb} ${ids.join(", ")}` : `ok: ${verb}`;
}
