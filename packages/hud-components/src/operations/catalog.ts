import type { TSchema } from "@sinclair/typebox";
import type { Scope } from "../state/items.ts";
import {
  BlockerArgs,
  ConventionArgs,
  DecisionArgs,
  HistoryArgs,
  IdArgs,
  KeyFileArgs,
  NoArgs,
  NoteArgs,
  NoteUpdateArgs,
  ScopeFilterArgs,
  StepArgs,
  StepReorderArgs,
  TaskArgs,
} from "./args.ts";

export type OperationSpec = {
  name: string;
  args: TSchema;
  description: string;
  mutating: boolean;
  /** Scopes the operation can touch; "id" means the item id decides (p…, c…, k… are project items). */
  scopes: Array<Scope | "id">;
};

const op = (
  name: string,
  args: TSchema,
  description: string,
  mutating: boolean,
  scopes: OperationSpec["scopes"] = ["session"],
): OperationSpec => ({ name, args, description, mutating, scopes });

const both: OperationSpec["scopes"] = ["session", "project"];

export const operationCatalog: OperationSpec[] = [
  op("help", NoArgs, "list operations with their argument shapes and scopes", false, both),
  op("snapshot", NoArgs, "full state of both scopes with every id", false, both),
  op("history", HistoryArgs, "recent events, newest last", false, both),
  op("task.get", NoArgs, "show the current task", false),
  op("task.set", TaskArgs, "set the current task (replaces it)", true),
  op("task.update", TaskArgs, "reword the current task", true),
  op("task.clear", NoArgs, "clear the task once it is finished", true),
  op("decisions.list", ScopeFilterArgs, "list decisions", false, both),
  op("decisions.record", DecisionArgs, "record a decision", true, both),
  op("decisions.remove", IdArgs, "remove a decision", true, ["id"]),
  op("notes.list", ScopeFilterArgs, "list notes", false, both),
  op("notes.add", NoteArgs, "add a note", true, both),
  op("notes.update", NoteUpdateArgs, "rewrite a note", true, ["id"]),
  op("notes.remove", IdArgs, "remove a note", true, ["id"]),
  op("steps.list", ScopeFilterArgs, "list next steps and opencode todos", false, both),
  op("steps.add", StepArgs, "add a next step", true, both),
  op("steps.complete", IdArgs, "mark a step done", true, ["id"]),
  op("steps.reorder", StepReorderArgs, "put the listed steps first, in this order", true, ["id"]),
  op("blockers.list", NoArgs, "list blockers", false),
  op("blockers.add", BlockerArgs, "record what blocks progress", true),
  op("blockers.remove", IdArgs, "remove a resolved blocker", true),
  op("files.list", NoArgs, "files read or edited in this session (derived from tool calls)", false),
  op("resume", NoArgs, "take over the last session's unfinished task and open steps", true),
  op("resume.dismiss", NoArgs, "stop offering to resume the last session in this session's HUD", true),
  op("conventions.add", ConventionArgs, "record a project convention", true, ["project"]),
  op("conventions.remove", IdArgs, "remove a project convention", true, ["project"]),
  op("keyfiles.add", KeyFileArgs, "record a key file of the project", true, ["project"]),
  op("keyfiles.remove", IdArgs, "remove a key file", true, ["project"]),
  op("project.list", NoArgs, "list project memory (conventions, key files, notes, decisions, steps)", false, [
    "project",
  ]),
];

export const operationsByName: ReadonlyMap<string, OperationSpec> = new Map(operationCatalog.map((o) => [o.name, o]));
