import type { HudEvent } from "@agent-hud/hud-components";
import type { CallUsage } from "../cache-ledger/types.ts";

/**
 * What a host tells the runtime happened, in one vocabulary for every host. Each host translates its own
 * shapes into these in its folder (`host/v1/bus.ts`, `host/v2/normalize.ts`, `host/claude-code/apply-transcript.ts`,
 * `host/codex/apply-rollout.ts`);
 * the runtime's event handling (`hooks/apply-event.ts`), recall and the cache ledger read only these.
 */
export type HostEvent =
  | MessageEvent
  | PartEvent
  | ActivityEvent
  | CompactionEvent
  | { kind: "compaction.failed"; session: string }
  | { kind: "sub-agent"; session: string; parent: string }
  | { kind: "session.deleted"; session: string }
  | { kind: "idle"; session?: string | undefined }
  | { kind: "todos"; session: string; todos: Todo[] };

/** A message of the conversation; an assistant's answer carries what its call cost. */
export type MessageEvent = {
  kind: "message";
  session: string;
  id: string;
  role: string;
  /** When the message was created, when the host says. */
  at?: number | undefined;
  /** The compaction's own answer: the summary that replaces the conversation. */
  summary?: boolean;
  usage?: CallUsage | undefined;
  model?: { providerID: string; modelID: string } | undefined;
  /** The call ended in an error. */
  failed?: boolean;
  cost?: number | undefined;
};

/** Where a part sits: its own id, its message and its session. */
type PartOf = { session: string; message: string; id: string };

export type TextPart = PartOf & {
  kind: "text";
  text: string;
  /** Still streaming: more of the text is to come. */
  streaming?: boolean;
  /** Left out of the conversation by the host (opencode's `ignored`). */
  ignored?: boolean;
  /** When the text was complete. */
  at?: number | undefined;
};

export type ReasoningPart = PartOf & { kind: "reasoning"; text: string };

/** A tool call; `done` once it has a result, `failed` when the result is an error. */
export type ToolPart = PartOf & {
  kind: "tool";
  /** The tool's name as the host shows it to the agent. */
  tool: string;
  /** One of the HUD's own tools (`hud`, `hud_compact`): its effects are already in the HUD log. */
  own: boolean;
  done: boolean;
  failed: boolean;
  input?: unknown;
  /** The result, or the error's text when `failed`. */
  output?: unknown;
  at?: number | undefined;
};

/** A sub-agent's task as its parent wrote it. */
export type SubtaskPart = PartOf & { kind: "subtask"; prompt?: string | undefined; description?: string | undefined };

export type PartEvent = TextPart | ReasoningPart | ToolPart | SubtaskPart;

/** A file a finished tool call read or changed. */
export type FileFact = { kind: "file"; at: number; path: string; edited: boolean };
/** A finished shell command: what ran, its exit code when the host reports one, and its output. */
export type ShellFact = {
  kind: "shell";
  at: number;
  command?: string | undefined;
  exit?: number | undefined;
  output: string;
};

/**
 * What finished tool calls did, in order. `session` absent: the host does not say which session (opencode
 * 1's `file.edited`), and the last active one is meant.
 */
export type ActivityEvent = { kind: "activity"; session?: string | undefined; facts: Array<FileFact | ShellFact> };

export type CompactionEvent = { kind: "compaction"; session: string; summary: string };

export type Todo = Extract<HudEvent, { kind: "todo.sync" }>["todos"][number];

/** The HUD's own tools, by the names every host gives them (opencode: as registered; MCP: the name's tail). */
export const OWN_TOOLS: ReadonlySet<string> = new Set(["hud", "hud_compact"]);
