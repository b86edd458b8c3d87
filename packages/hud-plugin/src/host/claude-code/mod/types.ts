/**
 * The slice of Claude Code's mod API (2.1.332, "early access") that agent-hud's hooks module uses, written
 * from the declarations Claude Code lays beside a mod it loads. Only what is called here is typed; the
 * engine's own declarations are not copied.
 */

export type McpResult = { content: Array<{ type: string; text?: string }>; isError: boolean };
export type Connected = { isConnected: true; server: string } | { isConnected: false; reason: string; message: string };

/** One message as `$.session.messages()` and `session.compact`'s `e.messages` give it. */
export type SessionMessage = {
  role: "user" | "assistant";
  text: string;
  toolUses: ReadonlyArray<{ tool?: string }>;
  toolResults?: readonly unknown[];
};

export type Usage = {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
  model?: string;
};

/** A render element (the engine validates the tree); `h` builds it from the surface's table. */
export type Element = unknown;
export type Elements = { Box: unknown; Text: unknown };

export type Dollar = {
  env: {
    set(name: string, value: string | undefined): Promise<unknown>;
    get(name: string): Promise<string | undefined>;
  };
  /** Reads a file as text (`as` defaults to "text"); the engine may refuse a path as any file tool would. */
  fs: { read(path: string, options?: { as?: "text" }): Promise<unknown> };
  mcp: {
    connect(server: string): Promise<Connected>;
    call(server: string, tool: string, args?: Record<string, unknown>): Promise<McpResult>;
  };
  session: {
    id(): Promise<string>;
    surfaces(): Promise<readonly string[]>;
    compact(args?: { instructions?: string }): Promise<{ skip?: string }>;
  };
  command: {
    register(spec: { name: string; description: string; argumentHint?: string }): Promise<unknown>;
    run(args: { command: string; args?: string }): Promise<{ text?: string }>;
  };
  ui: {
    log(text: string, options?: { to?: "transcript" | "debug" }): void;
    open(pane: { id: string; title?: string; columns?: number }): Promise<{ isPlaced: boolean; reason?: string }>;
    close(pane: { id: string }): Promise<void>;
    invalidate(event: "ui.render" | "command.describe"): void;
    resolve(e: unknown): Elements;
  };
  clock: { every(ms: number, run: () => void): { cancel(): void } };
};

export type Next<E, R> = ((e: E) => Promise<R>) & { called?: boolean };

export type CompactInput = {
  trigger: "manual" | "auto" | "plugin" | "precompute";
  agentId?: string;
  instructions?: string;
  messages: readonly SessionMessage[];
};
export type CompactResult =
  { messages: ReadonlyArray<{ role: "user" | "assistant"; text: string; toolUses: [] }> } | { skip: string };

export type StepInput = { turnId: string; index: number; model: string; agentId?: string };
export type StepResult = { turnId: string; index: number; usage: Usage | null };

export type CommandInput = { command: string; args: string };
export type CommandResult = { text?: string; isTextDisplayOnly?: true };

export type RenderInput = { component: string; requestId: string; surface: string; props?: { bodyColumns?: number } };

/** What `on` returns: `.catch` sets the handler a failing hook falls back to. */
export type Registration = { catch(handler: (...args: never[]) => unknown): void };

/** `on(event, hook)` or `on(event, matcher, hook)`; each hook here types its own `$`, `e` and `next`. */
export type On = (event: string, ...rest: unknown[]) => Registration;
