/**
 * The slices of opencode 2's plugin context that agent-hud uses, declared here because the V2
 * `@opencode-ai/plugin` cannot be installed beside the pinned V1 one. Read from opencode's published
 * source; the files and commits are listed in this folder's README. Every member is optional: the
 * context changed between 2.x releases, and V1 hosts from 1.17.10 call `setup` with a registration-only
 * context. `probe()` says what is missing.
 */

/** `{ dispose }` that every V2 registration resolves to. */
export type Registration = { dispose: () => Promise<void> | void };

export type CacheHint = { type: "ephemeral" | "persistent"; ttlSeconds?: number };
export type TextPart = { type: "text"; text: string; cache?: CacheHint; [key: string]: unknown };
export type ContentPart = TextPart | { type: string; cache?: CacheHint; [key: string]: unknown };
export type Message = {
  role: "user" | "assistant" | "tool" | "system";
  content: ContentPart[];
  [key: string]: unknown;
};
export type SystemPart = { type: "text"; text: string; cache?: CacheHint; [key: string]: unknown };
export type ModelRef = { id: string; providerID: string };

/** `session.hook("context", …)`: the request about to be sent; edits apply to this request only. */
export type ContextEvent = {
  sessionID: string;
  model: ModelRef;
  kind: "primary" | "compaction" | "title" | "generate";
  system: SystemPart[];
  messages: Message[];
};

/** `session.hook("compaction", …)`: the compaction request (a context event plus an optional result). */
export type CompactionEvent = ContextEvent & { result?: unknown };

export type ToolInfo = {
  name: string;
  description: string;
  input: Record<string, unknown>;
  options?: { codemode?: boolean };
  execute(input: unknown, context: { sessionID: string }): Promise<{ content?: string; output?: unknown }>;
};

export type ToolEditor = { add(tool: ToolInfo): void };

export type ExecuteAfter = {
  tool: string;
  sessionID: string;
  input: unknown;
  status: "completed" | "error";
  result?: { content?: string | Array<{ type: string; text?: string }>; output?: unknown; metadata?: unknown };
};

/** An event frame as `event.subscribe()` yields it: the payload is under `data` (V1: `properties`). */
export type EventFrame = { id?: string; type: string; created?: number; data?: Record<string, unknown> };

export type V2Host = {
  app?: { name?: string; version?: string };
  options?: Record<string, unknown>;
  location?: { directory?: string; project?: { directory?: string } };
  session?: {
    hook?: {
      (name: "context", callback: (event: ContextEvent) => Promise<void> | void): Promise<Registration>;
      (name: "compaction", callback: (event: CompactionEvent) => Promise<void> | void): Promise<Registration>;
    };
  };
  tool?: {
    transform?: (callback: (editor: ToolEditor) => void) => Promise<Registration>;
    hook?: (name: "execute.after", callback: (event: ExecuteAfter) => Promise<void> | void) => Promise<Registration>;
  };
  event?: { subscribe?: (options?: { signal?: AbortSignal }) => AsyncIterable<EventFrame> };
  model?: { list?: () => Promise<unknown> };
};

/** Which capabilities this host's context offers; the names are the ones the log line prints. */
export function probe(host: V2Host): { present: string[]; missing: string[] } {
  const checks: Array<[string, unknown]> = [
    ["session.hook", host.session?.hook],
    ["tool.transform", host.tool?.transform],
    ["tool.hook", host.tool?.hook],
    ["event.subscribe", host.event?.subscribe],
    ["model.list", host.model?.list],
  ];
  const present = checks.filter(([, fn]) => typeof fn === "function").map(([name]) => name);
  return { present, missing: checks.map(([name]) => name).filter((name) => !present.includes(name)) };
}

/** A V1 host's embedded V2 pass: a context with no session, tool or event domain at all. */
export function registrationOnly(host: V2Host): boolean {
  return !host.session && !host.tool && !host.event;
}
