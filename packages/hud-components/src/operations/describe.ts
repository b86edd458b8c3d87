import type { ToolCall } from "./validate.ts";

const verbs: Record<string, string> = {
  "task.set": "set task",
  "task.update": "updated task",
  "task.clear": "cleared task",
  "decisions.record": "recorded decision",
  "decisions.remove": "removed decision",
  "notes.add": "added note",
  "notes.update": "updated note",
  "notes.remove": "removed note",
  "steps.add": "added step",
  "steps.complete": "completed step",
  "steps.reorder": "reordered steps",
  "blockers.add": "added blocker",
  "blockers.remove": "removed blocker",
  "conventions.add": "added convention",
  "conventions.remove": "removed convention",
  "keyfiles.add": "added key file",
  "keyfiles.remove": "removed key file",
  resume: "resumed",
  "resume.dismiss": "dismissed the offer to resume",
};

type OutcomeLike = { id?: string; ids?: string[]; ok?: boolean; reason?: string };

/** The tool result of a mutating op: "ok: added note n3", or the reducer's reason when nothing changed. */
export function describeOutcome(call: ToolCall, outcomes: ReadonlyArray<OutcomeLike>): string {
  const failed = outcomes.find((o) => o.ok === false);
  if (failed) return `no change: ${failed.reason ?? "the operation did not apply"}`;
  const verb = verbs[call.tool] ?? `${call.tool} done`;
  const ids = outcomes.flatMap((o) => o.ids ?? (o.id !== undefined ? [o.id] : []));
  if (call.tool === "resume") {
    return ids.length ? `ok: resumed ${ids.join(", ")} (task and open steps copied into this session)` : "ok: resumed";
  }
  return ids.length ? `ok: ${verb} ${ids.join(", ")}` : `ok: ${verb}`;
}
