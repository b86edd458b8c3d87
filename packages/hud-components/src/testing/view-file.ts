import type { Static } from "@sinclair/typebox";
import { Type } from "../schema-builders.ts";
import { Errors } from "@sinclair/typebox/errors";
import { Check } from "@sinclair/typebox/value";
import { HudEvent } from "../events/hud-event.ts";
import { replay } from "../projector/apply.ts";
import { emptyState, HudState, type HudView } from "../state/hud-state.ts";

const Resume = Type.Object({
  sessionID: Type.String(),
  task: Type.Optional(Type.String()),
  openSteps: Type.Integer({ minimum: 0 }),
});

/** A state file as event lists (readable, replayed through the projector) ... */
export const EventsFile = Type.Object({
  session: Type.Array(HudEvent),
  project: Type.Optional(Type.Array(HudEvent)),
  parent: Type.Optional(Type.Array(HudEvent)),
  resume: Type.Optional(Resume),
  /** Usage percent to preview at when no --usage is given. */
  usage: Type.Optional(Type.Number({ minimum: 0 })),
  /** Clock for time-based staleness, ms. */
  now: Type.Optional(Type.Number()),
});
/** ... or as projected states (what `hud snapshot`-style tooling would dump). */
export const ViewFile = Type.Object({
  session: HudState,
  project: Type.Optional(HudState),
  parent: Type.Optional(HudState),
  resume: Type.Optional(Resume),
  usage: Type.Optional(Type.Number({ minimum: 0 })),
  now: Type.Optional(Type.Number()),
});
export type EventsFile = Static<typeof EventsFile>;

export type LoadedView = { view: HudView; usage?: number; now?: number };

/** Parse a state file (either shape); errors are one line naming the first problem and the expected shape. */
export function viewFromJson(json: unknown): LoadedView {
  const extras = (j: { usage?: number; now?: number }) => ({
    ...(j.usage !== undefined ? { usage: j.usage } : {}),
    ...(j.now !== undefined ? { now: j.now } : {}),
  });
  if (Check(EventsFile, json)) {
    const view: HudView = { session: replay("session", json.session), project: replay("project", json.project ?? []) };
    if (json.parent) view.parent = replay("session", json.parent);
    if (json.resume) view.resume = json.resume;
    return { view, ...extras(json) };
  }
  if (Check(ViewFile, json)) {
    const view: HudView = { session: json.session, project: json.project ?? emptyState("project") };
    if (json.parent) view.parent = json.parent;
    if (json.resume) view.resume = json.resume;
    return { view, ...extras(json) };
  }
  const looksLikeEvents =
    typeof json === "object" && json !== null && Array.isArray((json as { session?: unknown }).session);
  const schema = looksLikeEvents ? EventsFile : ViewFile;
  const first = Errors(schema, json).First();
  const where = first?.path || "/";
  const shape = looksLikeEvents
    ? "{ session: HudEvent[], project?: HudEvent[], resume?, usage? }"
    : "{ session: HudState, project?: HudState } or { session: HudEvent[] }";
  throw new Error(`invalid state file at ${where}: ${first?.message ?? "unexpected value"}; expected ${shape}`);
}
