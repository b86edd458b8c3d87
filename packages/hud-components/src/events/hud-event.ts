import type { Static, TSchema, TLiteral, TObject, TProperties } from "@sinclair/typebox";
import { Type } from "../schema-builders.ts";
import {
  At,
  Decision,
  FileAction,
  ItemId,
  KeyFile,
  Note,
  Step,
  Task,
  Todo,
  ToolResult,
  Convention,
  Blocker,
} from "../state/items.ts";
import { MemoryItem, MemoryKey } from "../state/memory-item.ts";
import { AgentComponent, ComponentName } from "../state/agent-component.ts";

/**
 * Who caused an event. Absent means the agent (through the `hud` tool) or the host observing a tool call;
 * "person" is an edit made in the TUI or CLI, "memory-file" a change read back from the project's
 * `.opencode/hud/memory.md`. History prints it so a reader can tell who changed what.
 */
export const EventSource = Type.Union([Type.Literal("agent"), Type.Literal("person"), Type.Literal("memory-file")]);
export type EventSource = Static<typeof EventSource>;

// Creation events carry no item id: the reducer assigns it from counters, so the log alone determines ids.
function event<K extends string, P extends TProperties>(kind: K, props: P) {
  return Type.Object({ kind: Type.Literal(kind) as TLiteral<K>, at: At, by: Type.Optional(EventSource), ...props });
}

export const TaskSet = event("task.set", { description: Task.properties.description });
export const TaskUpdate = event("task.update", { description: Task.properties.description });
export const TaskClear = event("task.clear", {});
export const DecisionRecord = event("decision.record", {
  summary: Decision.properties.summary,
  details: Decision.properties.details,
});
export const DecisionRemove = event("decision.remove", { id: ItemId });
export const NoteAdd = event("note.add", { content: Note.properties.content });
export const NoteUpdate = event("note.update", { id: ItemId, content: Note.properties.content });
export const NoteRemove = event("note.remove", { id: ItemId });
export const StepAdd = event("step.add", { description: Step.properties.description });
export const StepComplete = event("step.complete", { id: ItemId });
export const StepReorder = event("step.reorder", { ids: Type.Array(ItemId) });
export const BlockerAdd = event("blocker.add", { description: Blocker.properties.description });
export const BlockerRemove = event("blocker.remove", { id: ItemId });
export const FileOpen = event("file.open", { path: Type.String({ minLength: 1 }), action: Type.Optional(FileAction) });
export const FileEdit = event("file.edit", { path: Type.String({ minLength: 1 }) });
export const FileClose = event("file.close", { path: Type.String({ minLength: 1 }) });
export const TodoSync = event("todo.sync", { todos: Type.Array(Todo) });
export const ContextSnapshotEvent = event("context.snapshot", {
  usedTokens: Type.Integer({ minimum: 0 }),
  usableTokens: Type.Integer({ minimum: 1 }),
});
export const CompactBefore = event("compact.before", {});
export const CompactAfter = event("compact.after", { summary: Type.String() });
export const SessionLink = event("session.link", { parentID: Type.String({ minLength: 1 }) });
export const ConventionAdd = event("convention.add", { content: Convention.properties.content });
export const ConventionRemove = event("convention.remove", { id: ItemId });
export const KeyFileAdd = event("keyfile.add", { path: KeyFile.properties.path, note: KeyFile.properties.note });
export const KeyFileRemove = event("keyfile.remove", { id: ItemId });
/** Copies another session's task and open steps; the data travels in the event so replay needs no other stream. */
export const Resume = event("resume", {
  fromSessionID: Type.String({ minLength: 1 }),
  task: Type.Optional(Type.String()),
  steps: Type.Array(Type.String({ minLength: 1 })),
});
/** The session declines the offer to resume an earlier session; the offer is not shown again. */
export const ResumeDismiss = event("resume.dismiss", {});
/** A finished tool call the host observed; not an agent edit, and no built-in section shows it. */
export const ToolResultEvent = event("tool.result", {
  tool: ToolResult.properties.tool,
  command: ToolResult.properties.command,
  exit: ToolResult.properties.exit,
  output: ToolResult.properties.output,
});
/**
 * The project's memory file, synced: items added, changed or deleted in the file (`by: "memory-file"`),
 * and the file as it now stands (`hash`, key → fingerprint `items`), which the next edit is compared
 * with. One event per sync, so a file is applied whole or not at all; replaying it twice changes nothing.
 */
export const MemorySync = event("memory.sync", {
  add: Type.Optional(Type.Array(MemoryItem)),
  update: Type.Optional(Type.Array(MemoryItem)),
  remove: Type.Optional(Type.Array(MemoryKey)),
  problem: Type.Optional(Type.String()),
  hash: Type.String(),
  items: Type.Record(Type.String(), Type.String()),
});
/** The agent defined (or redefined) a HUD component; the host checked it compiles and renders first. */
export const ComponentDefine = event("component.define", {
  name: AgentComponent.properties.name,
  source: AgentComponent.properties.source,
  after: AgentComponent.properties.after,
  priority: AgentComponent.properties.priority,
});
export const ComponentRemove = event("component.remove", { name: ComponentName });
/** The host switched a component off after it failed too often (3 of its last 10 renders); `reason` is the last failure. */
export const ComponentDisable = event("component.disable", { name: ComponentName, reason: Type.String() });
/** One agent turn (LLM call); drives turn-based staleness without touching rendered content. */
export const Turn = event("turn", {});

export const HudEvent = Type.Union([
  TaskSet,
  TaskUpdate,
  TaskClear,
  DecisionRecord,
  DecisionRemove,
  NoteAdd,
  NoteUpdate,
  NoteRemove,
  StepAdd,
  StepComplete,
  StepReorder,
  BlockerAdd,
  BlockerRemove,
  FileOpen,
  FileEdit,
  FileClose,
  TodoSync,
  ContextSnapshotEvent,
  CompactBefore,
  CompactAfter,
  SessionLink,
  ConventionAdd,
  ConventionRemove,
  KeyFileAdd,
  KeyFileRemove,
  Resume,
  ResumeDismiss,
  Turn,
  ToolResultEvent,
  MemorySync,
  ComponentDefine,
  ComponentRemove,
  ComponentDisable,
]);
export type HudEvent = Static<typeof HudEvent>;
export type HudEventKind = HudEvent["kind"];
export type EventOf<K extends HudEventKind> = Extract<HudEvent, { kind: K }>;

/** Every event kind, in schema order (handy for exhaustiveness checks and docs). */
export const eventKinds: HudEventKind[] = (HudEvent.anyOf as TObject[]).map(
  (s) => (s.properties["kind"] as TSchema & { const: HudEventKind }).const,
);

/** Kinds that count as the agent editing its own state (reset the staleness clock). */
export const agentEditKinds: ReadonlySet<HudEventKind> = new Set<HudEventKind>([
  "task.set",
  "task.update",
  "task.clear",
  "decision.record",
  "decision.remove",
  "note.add",
  "note.update",
  "note.remove",
  "step.add",
  "step.complete",
  "step.reorder",
  "blocker.add",
  "blocker.remove",
  "convention.add",
  "convention.remove",
  "keyfile.add",
  "keyfile.remove",
  "resume",
]);
