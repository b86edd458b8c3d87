import type { Static, TString } from "@sinclair/typebox";
import { Type } from "../schema-builders.ts";
import { defaultLengths } from "../projector/options.ts";
import { ComponentName, ComponentPriority, ComponentSource } from "../state/agent-component.ts";
import { Decision, ItemId, KeyFile, Note, Scope, Step, Task, Convention, Blocker } from "../state/items.ts";

// Op argument schemas reuse the item field schemas: one definition for storage and for the tool.
const strict = { additionalProperties: false } as const;
/** At least one non-space character: whitespace-only text passes minLength but makes an empty item. */
export const NON_BLANK = "\\S";
/**
 * Every string the agent can send has a ceiling: a 10 MB note would be stored, indexed and rendered whole.
 * The ceilings are the lengths the state keeps (`defaultLengths`), so a longer text is refused in one line
 * instead of being cut without a word.
 */
const L = defaultLengths;
const MAX_QUERY = 500;
const nonBlank = (field: TString, maxLength: number) =>
  Type.String({ minLength: 1, maxLength, pattern: NON_BLANK, description: field.description });
const bounded = (field: TString, maxLength: number) =>
  Type.Optional(Type.String({ maxLength, description: field.description }));
const scope = Type.Optional(
  Type.Union([Type.Literal("session"), Type.Literal("project")], {
    description: "where the item lives (default session)",
  }),
);

export const NoArgs = Type.Object({}, strict);
export const IdArgs = Type.Object({ id: ItemId }, strict);
export const HistoryArgs = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })) }, strict);
export const SearchArgs = Type.Object(
  {
    query: Type.String({
      maxLength: MAX_QUERY,
      description: "words to find; read as plain text, never as search syntax",
    }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
    scope: Type.Optional(
      Type.Union([Type.Literal("session"), Type.Literal("project")], {
        description: "session (default) or every session of the project",
      }),
    ),
  },
  strict,
);
export const HandleArgs = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 40, description: "a handle from search, e.g. m12 or e7" }) },
  strict,
);
export const ScopeFilterArgs = Type.Object({ scope: Type.Optional(Scope) }, strict);
export const TaskArgs = Type.Object({ description: nonBlank(Task.properties.description, L.task) }, strict);
export const DecisionArgs = Type.Object(
  {
    summary: nonBlank(Decision.properties.summary, L.summary),
    details: bounded(Decision.properties.details as unknown as TString, L.details),
    scope,
  },
  strict,
);
export const NoteArgs = Type.Object({ content: nonBlank(Note.properties.content, L.note), scope }, strict);
export const NoteUpdateArgs = Type.Object({ id: ItemId, content: nonBlank(Note.properties.content, L.note) }, strict);
export const StepArgs = Type.Object({ description: nonBlank(Step.properties.description, L.step), scope }, strict);
export const StepReorderArgs = Type.Object({ ids: Type.Array(ItemId, { minItems: 1 }) }, strict);
export const BlockerArgs = Type.Object({ description: nonBlank(Blocker.properties.description, L.blocker) }, strict);
export const ConventionArgs = Type.Object({ content: nonBlank(Convention.properties.content, L.convention) }, strict);
export const KeyFileArgs = Type.Object(
  {
    path: nonBlank(KeyFile.properties.path, L.path),
    note: bounded(KeyFile.properties.note as unknown as TString, L.note),
  },
  strict,
);

export const ComponentDefineArgs = Type.Object(
  {
    name: ComponentName,
    source: ComponentSource,
    after: Type.Optional(Type.String({ minLength: 1, maxLength: 40, description: "a built-in section, e.g. steps" })),
    priority: Type.Optional(ComponentPriority),
    scope: Type.Optional(
      Type.Union([Type.Literal("session"), Type.Literal("project")], {
        description: "session (default) or every session of the project",
      }),
    ),
  },
  strict,
);
export const ComponentNameArgs = Type.Object({ name: ComponentName }, strict);

export type NoteArgs = Static<typeof NoteArgs>;
export type ComponentDefineArgs = Static<typeof ComponentDefineArgs>;
export type ComponentNameArgs = Static<typeof ComponentNameArgs>;
export type HistoryArgs = Static<typeof HistoryArgs>;
export type SearchArgs = Static<typeof SearchArgs>;
export type HandleArgs = Static<typeof HandleArgs>;
export type DecisionArgs = Static<typeof DecisionArgs>;
export type StepArgs = Static<typeof StepArgs>;
