import type { TSchema } from "@sinclair/typebox";
import type { Scope } from "../state/items.ts";
import {
  BlockerArgs,
  ComponentDefineArgs,
  ComponentNameArgs,
  ConventionArgs,
  DecisionArgs,
  HandleArgs,
  HistoryArgs,
  IdArgs,
  KeyFileArgs,
  NoArgs,
  NoteArgs,
  NoteUpdateArgs,
  ScopeFilterArgs,
  SearchArgs,
  StepArgs,
  StepReorderArgs,
  TaskArgs,
} from "./args.ts";

/** Operations the router cannot answer itself: the host owns the data (event log, conversation index). */
export const hostOperationNames = [
  "history",
  "search",
  "messages.read",
  "compactions.list",
  "components.define",
  "components.show",
] as const;
export type HostOperationName = (typeof hostOperationNames)[number];

export type OperationSpec = {
  name: string;
  args: TSchema;
  description: string;
  mutating: boolean;
  /** Scopes the operation can touch; "id" means the item id decides (p…, c…, k… are project items). */
  scopes: Array<Scope | "id">;
  /** Answered through `PlanContext.host`, never by the router. */
  host?: true;
  /** Past tense for the reply of a mutating operation: "ok: <verb> <ids>". */
  verb?: string;
  /** What a creating operation makes and the operation that lists it (for replies that cannot name ids yet). */
  creates?: { what: string; list: string };
};

type Extra = Pick<OperationSpec, "verb" | "creates" | "host"> & { scopes?: OperationSpec["scopes"] };

const read = (name: string, args: TSchema, description: string, extra: Extra = {}): OperationSpec => {
  const { scopes = ["session"], ...rest } = extra;
  return { name, args, description, mutating: false, scopes, ...rest };
};
const write = (name: string, args: TSchema, description: string, verb: string, extra: Extra = {}): OperationSpec => {
  const { scopes = ["session"], ...rest } = extra;
  return { name, args, description, mutating: true, scopes, verb, ...rest };
};

const both: OperationSpec["scopes"] = ["session", "project"];
const byId: OperationSpec["scopes"] = ["id"];
const project: OperationSpec["scopes"] = ["project"];

export const operationCatalog: OperationSpec[] = [
  read("help", NoArgs, "list operations with their argument shapes and scopes", { scopes: both }),
  read("snapshot", NoArgs, "full state of both scopes with every id", { scopes: both }),
  read("history", HistoryArgs, "recent events, newest last", { scopes: both, host: true }),
  read(
    "search",
    SearchArgs,
    "find words in this session's whole conversation (also what compaction removed) and the HUD's log; hits carry handles",
    { scopes: both, host: true },
  ),
  read("messages.read", HandleArgs, "read one message, tool result or event by a handle from search", {
    scopes: both,
    host: true,
  }),
  read("compactions.list", NoArgs, "this session's compactions, when, and the first lines of each summary", {
    host: true,
  }),
  read("task.get", NoArgs, "show the current task"),
  write("task.set", TaskArgs, "set the current task (replaces it)", "set task"),
  write("task.update", TaskArgs, "reword the current task", "updated task"),
  write("task.clear", NoArgs, "clear the task once it is finished", "cleared task"),
  read("decisions.list", ScopeFilterArgs, "list decisions", { scopes: both }),
  write("decisions.record", DecisionArgs, "record a decision", "recorded decision", {
    scopes: both,
    creates: { what: "decision", list: "decisions.list" },
  }),
  write("decisions.remove", IdArgs, "remove a decision", "removed decision", { scopes: byId }),
  read("notes.list", ScopeFilterArgs, "list notes", { scopes: both }),
  write("notes.add", NoteArgs, "add a note", "added note", {
    scopes: both,
    creates: { what: "note", list: "notes.list" },
  }),
  write("notes.update", NoteUpdateArgs, "rewrite a note", "updated note", { scopes: byId }),
  write("notes.remove", IdArgs, "remove a note", "removed note", { scopes: byId }),
  read("steps.list", ScopeFilterArgs, "list next steps and opencode todos", { scopes: both }),
  write("steps.add", StepArgs, "add a next step", "added step", {
    scopes: both,
    creates: { what: "step", list: "steps.list" },
  }),
  write("steps.complete", IdArgs, "mark a step done", "completed step", { scopes: byId }),
  write("steps.reorder", StepReorderArgs, "put the listed steps first, in this order", "reordered steps", {
    scopes: byId,
  }),
  read("blockers.list", NoArgs, "list blockers"),
  write("blockers.add", BlockerArgs, "record what blocks progress", "added blocker", {
    creates: { what: "blocker", list: "blockers.list" },
  }),
  write("blockers.remove", IdArgs, "remove a resolved blocker", "removed blocker"),
  read("files.list", NoArgs, "files read or edited in this session (derived from tool calls)"),
  write("resume", NoArgs, "take over the last session's unfinished task and open steps", "resumed", {
    creates: { what: "task and open steps", list: "snapshot" },
  }),
  write(
    "resume.dismiss",
    NoArgs,
    "stop offering to resume the last session in this session's HUD",
    "dismissed the offer to resume",
  ),
  write("conventions.add", ConventionArgs, "record a project convention", "added convention", {
    scopes: project,
    creates: { what: "convention", list: "project.list" },
  }),
  write("conventions.remove", IdArgs, "remove a project convention", "removed convention", { scopes: project }),
  write("keyfiles.add", KeyFileArgs, "record a key file of the project", "added key file", {
    scopes: project,
    creates: { what: "key file", list: "project.list" },
  }),
  write("keyfiles.remove", IdArgs, "remove a key file", "removed key file", { scopes: project }),
  read("project.list", NoArgs, "list project memory (conventions, key files, notes, decisions, steps)", {
    scopes: project,
  }),
  write(
    "components.define",
    ComponentDefineArgs,
    "add (or replace) a HUD section you write: TSX, export default function Name({ state, project, density }) returning <section>/<paragraph>/<list>/<table>…; no imports; runs sandboxed",
    "defined component",
    { scopes: both, host: true },
  ),
  read("components.list", NoArgs, "the components you defined, with scope, placement and whether they are on", {
    scopes: both,
  }),
  read("components.show", ComponentNameArgs, "one component's source and its last output", {
    scopes: both,
    host: true,
  }),
  write("components.remove", ComponentNameArgs, "remove a component you defined", "removed component", {
    scopes: both,
  }),
];

export const operationsByName: ReadonlyMap<string, OperationSpec> = new Map(operationCatalog.map((o) => [o.name, o]));
