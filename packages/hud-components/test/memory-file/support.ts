import fc from "fast-check";
import { replay, type HudEvent } from "../../src/index.ts";

/** Text an agent or a person might write, including markdown that must stay text. */
export const lineText = fc.oneof(
  fc.string({ minLength: 1, maxLength: 60 }),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 }),
  fc.constantFrom(
    "# heading?",
    "```js",
    "| a | b |",
    "- [ ] fake",
    "<b>x</b>",
    "line\nbreak",
    "`@0000000` x",
    "a — b",
    "**bold**",
  ),
);

/** Any project memory: the events an agent could have recorded in project scope. */
export const projectEvents: fc.Arbitrary<HudEvent[]> = fc.array(
  fc.integer({ min: 1, max: 1e9 }).chain((at) =>
    fc.oneof(
      lineText.map((content): HudEvent => ({ kind: "convention.add", at, content })),
      fc
        .tuple(lineText, fc.option(lineText, { nil: undefined }))
        .map(([path, note]): HudEvent =>
          note ? { kind: "keyfile.add", at, path, note } : { kind: "keyfile.add", at, path },
        ),
      fc
        .tuple(lineText, fc.option(lineText, { nil: undefined }))
        .map(([summary, details]): HudEvent =>
          details ? { kind: "decision.record", at, summary, details } : { kind: "decision.record", at, summary },
        ),
      lineText.map((content): HudEvent => ({ kind: "note.add", at, content })),
      lineText.map((description): HudEvent => ({ kind: "step.add", at, description })),
      fc.integer({ min: 1, max: 12 }).map((n): HudEvent => ({ kind: "step.complete", at, id: `ps${n}` })),
    ),
  ),
  { maxLength: 30 },
);

export const projectOf = (events: HudEvent[]) => replay("project", events);

export const example: HudEvent[] = [
  { kind: "convention.add", at: 1, content: "tests use bun test, never jest" },
  { kind: "keyfile.add", at: 2, path: "src/db/migrate.ts", note: "runs and reverts migrations" },
  { kind: "decision.record", at: 3, summary: "Postgres 16 everywhere", details: "matches production" },
  { kind: "note.add", at: 4, content: "the staging database is read-only on Fridays" },
  { kind: "step.add", at: 5, description: "drop the legacy sessions table" },
];
