import type { Static } from "@sinclair/typebox";
import { Type } from "../schema-builders.ts";
import {
  At,
  Blocker,
  Compacted,
  ContextSnapshot,
  Convention,
  Decision,
  FileEntry,
  KeyFile,
  Note,
  Scope,
  Step,
  Task,
  Todo,
  ToolResult,
} from "./items.ts";
import { AgentComponent } from "./agent-component.ts";

// Next number per id series; ids are assigned in event-log order so replay is deterministic.
export const IdCounters = Type.Object({
  d: Type.Integer({ minimum: 1 }),
  n: Type.Integer({ minimum: 1 }),
  s: Type.Integer({ minimum: 1 }),
  b: Type.Integer({ minimum: 1 }),
  f: Type.Integer({ minimum: 1 }),
  c: Type.Integer({ minimum: 1 }),
  k: Type.Integer({ minimum: 1 }),
});
export type IdCounters = Static<typeof IdCounters>;

/** The project's memory file as of the last sync (read or written): the base a file edit is compared with. */
export const MemoryFileState = Type.Object({
  hash: Type.String({ description: "hash of the file's content" }),
  items: Type.Record(Type.String(), Type.String(), { description: "key → fingerprint of each line it held" }),
  problem: Type.Optional(Type.String({ description: "one line: what could not be read and where" })),
});
export type MemoryFileState = Static<typeof MemoryFileState>;

export const HudState = Type.Object({
  scope: Scope,
  /** Content revision: bumps on every change except turn/context/tool-result bookkeeping. */
  rev: Type.Integer({ minimum: 0 }),
  task: Type.Optional(Task),
  decisions: Type.Array(Decision),
  notes: Type.Array(Note),
  steps: Type.Array(Step),
  todos: Type.Array(Todo),
  blockers: Type.Array(Blocker),
  files: Type.Array(FileEntry),
  conventions: Type.Array(Convention),
  keyfiles: Type.Array(KeyFile),
  /** Recent tool results (newest last), for custom components; no built-in section shows them. */
  toolResults: Type.Array(ToolResult),
  compacted: Type.Optional(Compacted),
  compactions: Type.Integer({ minimum: 0 }),
  compactingSince: Type.Optional(At),
  context: Type.Optional(ContextSnapshot),
  parentID: Type.Optional(Type.String()),
  resumedFrom: Type.Optional(Type.String()),
  /** The session dismissed the offer to resume an earlier session (`resume.dismiss`). */
  resumeDismissed: Type.Optional(Type.Boolean()),
  memoryFile: Type.Optional(MemoryFileState),
  /** Components the agent defined (`components.define`), in definition order; absent until the first. */
  components: Type.Optional(Type.Array(AgentComponent)),
  counters: IdCounters,
  /** Last event of any kind. */
  updatedAt: Type.Optional(At),
  /** Last edit made by the agent itself (the staleness clock). */
  agentUpdatedAt: Type.Optional(At),
  agentEdits: Type.Integer({ minimum: 0 }),
  turns: Type.Integer({ minimum: 0 }),
  /** Value of `turns` at the last agent edit. */
  agentEditTurn: Type.Integer({ minimum: 0 }),
});
export type HudState = Static<typeof HudState>;

export function emptyState(scope: Scope = "session"): HudState {
  return {
    scope,
    rev: 0,
    decisions: [],
    notes: [],
    steps: [],
    todos: [],
    blockers: [],
    files: [],
    conventions: [],
    keyfiles: [],
    toolResults: [],
    compactions: 0,
    counters: { d: 1, n: 1, s: 1, b: 1, f: 1, c: 1, k: 1 },
    agentEdits: 0,
    turns: 0,
    agentEditTurn: 0,
  };
}

/** Id of the next item in a series; project items carry a `p` prefix so the two scopes never collide. */
export function itemId(scope: Scope, series: keyof IdCounters, n: number): string {
  const projectPrefix = scope === "project" && series !== "c" && series !== "k" ? "p" : "";
  return `${projectPrefix}${series}${n}`;
}

export const TASK_ID = "t";

/** The rendered HUD sees both scopes, an optional parent (sub-agents) and an optional resume hint. */
export type HudView = {
  session: HudState;
  project: HudState;
  parent?: HudState;
  resume?: { sessionID: string; task?: string; openSteps: number };
};
