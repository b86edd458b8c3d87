import type { Static } from "@sinclair/typebox";
import { Type } from "../schema-builders.ts";

// Field schemas are shared by the stored items and the `hud` tool's argument schemas,
// so the tool can never accept a shape the state cannot hold.
export const ItemId = Type.String({ minLength: 1, maxLength: 32, description: "item id, e.g. n3" });
export const Text = (description: string) => Type.String({ minLength: 1, description });
export const At = Type.Number({ description: "ms since epoch, supplied by the caller" });
/** Project items read from the memory file keep the file's key (their identity across clones). */
const FileKey = Type.Optional(Type.String({ description: "memory file key, e.g. @0k3fz9q" }));

export const Scope = Type.Union([Type.Literal("session"), Type.Literal("project")]);
export type Scope = Static<typeof Scope>;

export const Task = Type.Object({
  id: ItemId,
  description: Text("what the agent is working on"),
  at: At,
  updatedAt: At,
  from: Type.Optional(Type.String({ description: "session the task was resumed from" })),
});
export type Task = Static<typeof Task>;

export const Decision = Type.Object({
  id: ItemId,
  key: FileKey,
  summary: Text("the decision, one line"),
  details: Type.Optional(Type.String({ description: "why, alternatives rejected" })),
  at: At,
});
export type Decision = Static<typeof Decision>;

export const Note = Type.Object({
  id: ItemId,
  key: FileKey,
  content: Text("a fact worth keeping"),
  at: At,
  updatedAt: At,
});
export type Note = Static<typeof Note>;

export const Step = Type.Object({
  id: ItemId,
  key: FileKey,
  description: Text("a planned next action"),
  done: Type.Boolean(),
  at: At,
  doneAt: Type.Optional(At),
  from: Type.Optional(Type.String({ description: "session the step was resumed from" })),
});
export type Step = Static<typeof Step>;

export const Blocker = Type.Object({
  id: ItemId,
  description: Text("what prevents progress"),
  at: At,
});
export type Blocker = Static<typeof Blocker>;

export const FileAction = Type.Union([Type.Literal("read"), Type.Literal("edit")]);
export type FileAction = Static<typeof FileAction>;

export const FileEntry = Type.Object({
  id: ItemId,
  path: Text("file path"),
  action: FileAction,
  edits: Type.Integer({ minimum: 0 }),
  at: At,
});
export type FileEntry = Static<typeof FileEntry>;

export const TodoStatus = Type.Union([
  Type.Literal("pending"),
  Type.Literal("in_progress"),
  Type.Literal("completed"),
  Type.Literal("cancelled"),
]);
export type TodoStatus = Static<typeof TodoStatus>;

// opencode's own todo list, mirrored so the HUD's steps show it.
export const Todo = Type.Object({
  id: Type.String(),
  content: Type.String(),
  status: TodoStatus,
  priority: Type.Optional(Type.String()),
});
export type Todo = Static<typeof Todo>;

export const Convention = Type.Object({
  id: ItemId,
  key: FileKey,
  content: Text('a project convention, e.g. "tests use bun test"'),
  at: At,
});
export type Convention = Static<typeof Convention>;

export const KeyFile = Type.Object({
  id: ItemId,
  key: FileKey,
  path: Text("path of a file worth knowing about"),
  note: Type.Optional(Type.String({ description: "why it matters" })),
  at: At,
});
export type KeyFile = Static<typeof KeyFile>;

// A finished tool call the host observed (e.g. bash): kept for components that derive something from it
// (test counts, build status). The built-in sections never read it.
export const ToolResult = Type.Object({
  tool: Type.String({ minLength: 1, description: "tool name, e.g. bash" }),
  command: Type.Optional(Type.String({ description: "the command it ran, for bash" })),
  exit: Type.Optional(Type.Integer({ description: "exit code, when the tool reports one" })),
  output: Type.String({ description: "the end of its output (the reducer keeps the tail)" }),
  at: At,
});
export type ToolResult = Static<typeof ToolResult>;

export const Compacted = Type.Object({
  summary: Type.String(),
  at: At,
});
export type Compacted = Static<typeof Compacted>;

export const ContextSnapshot = Type.Object({
  usedTokens: Type.Integer({ minimum: 0 }),
  usableTokens: Type.Integer({ minimum: 1 }),
  at: At,
});
export type ContextSnapshot = Static<typeof ContextSnapshot>;
