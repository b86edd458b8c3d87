// SIMULATION of an opencode 2 host for agent-hud's contract tests: a plugin context built from the shapes
// in opencode's published V2 plugin types (packages/plugin/src/promise/*.ts, event frames from
// packages/schema/src/event.ts and session-event.ts; commits in README.md). No V2 binary runs here.

export type FakeHint = { type: "ephemeral" | "persistent" };
export type FakePart = { type: string; text?: string; cache?: FakeHint; [key: string]: unknown };

/** V2's messages are schema class instances on some releases; the fake uses a class to check that too. */
export class FakeMessage {
  role: "user" | "assistant" | "tool";
  content: FakePart[];
  constructor(fields: { role: FakeMessage["role"]; content: FakePart[] }) {
    this.role = fields.role;
    this.content = fields.content;
  }
}

type Callback = (event: any) => Promise<void> | void;
export type FakeTool = {
  name: string;
  description: string;
  input: Record<string, unknown>;
  options?: { codemode?: boolean };
  execute(input: unknown, context: { sessionID: string }): Promise<{ content?: string }>;
};

/** An async queue behind `event.subscribe()`: frames pushed by the test reach the plugin in order. */
class FrameQueue {
  private frames: unknown[] = [];
  private waiting: ((v: IteratorResult<unknown>) => void) | undefined;
  private closed = false;
  private drained: Array<() => void> = [];
  push(frame: unknown) {
    if (this.waiting) {
      const w = this.waiting;
      this.waiting = undefined;
      w({ value: frame, done: false });
    } else this.frames.push(frame);
  }
  close() {
    this.closed = true;
    this.waiting?.({ value: undefined, done: true });
  }
  iterable(): AsyncIterable<unknown> {
    return {
      [Symbol.asyncIterator]: () => ({
        next: () => {
          if (this.frames.length > 0) return Promise.resolve({ value: this.frames.shift(), done: false });
          if (this.closed) return Promise.resolve({ value: undefined, done: true });
          // the consumer asks for more with nothing queued: everything pushed so far has been handled
          for (const done of this.drained.splice(0)) done();
          return new Promise((resolve) => (this.waiting = resolve));
        },
        return: () => {
          this.close();
          return Promise.resolve({ value: undefined, done: true });
        },
      }),
    };
  }
  /** Resolves once the consumer has handled every frame pushed so far and asks for the next one. */
  drain(): Promise<void> {
    return new Promise((resolve) => this.drained.push(resolve));
  }
}

export function fakeHost(directory: string, options: Record<string, unknown>) {
  const hooks = new Map<string, Callback[]>();
  const tools = new Map<string, FakeTool>();
  const queue = new FrameQueue();
  let disposed = 0;
  const registration = () => Promise.resolve({ dispose: () => void disposed++ });
  const on = (name: string, callback: Callback) => {
    hooks.set(name, [...(hooks.get(name) ?? []), callback]);
    return registration();
  };
  const context = {
    app: { name: "opencode", version: "2.0.0-simulated", channel: "test" },
    options,
    location: { directory, project: { directory } },
    session: { hook: (name: string, cb: Callback) => on(`session.${name}`, cb) },
    tool: {
      transform: (cb: (editor: { add(tool: FakeTool): void }) => void) => {
        cb({ add: (tool) => void tools.set(tool.name, tool) });
        return registration();
      },
      hook: (name: string, cb: Callback) => on(`tool.${name}`, cb),
    },
    event: { subscribe: () => queue.iterable() },
    model: {
      list: async () => [{ id: "m", providerID: "fake", limit: { context: 200_000, output: 8_000 } }],
    },
  };
  let seq = 0;
  return {
    context,
    tools,
    hooks,
    get disposed() {
      return disposed;
    },
    /** Runs every callback of one hook, as the host does, with the event object they may edit. */
    async run<T>(name: string, event: T): Promise<T> {
      for (const cb of hooks.get(name) ?? []) await cb(event);
      return event;
    },
    /** Pushes a V2 event frame (payload under `data`) and waits until the plugin has handled it. */
    async emit(type: string, data: Record<string, unknown>) {
      const handled = queue.drain();
      queue.push({ id: `evt_${String(++seq).padStart(6, "0")}`, type, created: Date.now(), data });
      await handled;
    },
    close: () => queue.close(),
  };
}

/** A primary request as `session.hook("context")` receives it. */
export function contextEvent(sessionID: string, turns: string[]) {
  const messages = turns.map(
    (text, i) => new FakeMessage({ role: i % 2 === 0 ? "user" : "assistant", content: [{ type: "text", text }] }),
  );
  return {
    sessionID,
    model: { id: "m", providerID: "fake" },
    kind: "primary" as const,
    agent: "build",
    system: [{ type: "text", text: "You are opencode." }] as FakePart[],
    messages,
    options: {},
    tools: {},
  };
}
