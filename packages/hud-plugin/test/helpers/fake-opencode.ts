import "./hermetic-env.ts";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Hooks, PluginInput } from "@opencode-ai/plugin";
import { createHooks } from "../../src/plugin.ts";
import { rendersSettled } from "../../src/agent-components/registry.ts";

export type Msg = {
  info: Record<string, unknown> & { id: string; role: string; sessionID: string };
  parts: Array<Record<string, unknown> & { id: string; type: string }>;
};

export const MODEL = { id: "m", providerID: "fake", limit: { context: 200_000, output: 8_000 } };

/** A user message as opencode stores it; `n` numbers it (its id and creation time) within one test. */
export function userMessage(n: number, sessionID: string, text: string): Msg {
  const id = `msg_${String(n).padStart(4, "0")}`;
  return {
    info: {
      id,
      role: "user",
      sessionID,
      agent: "build",
      model: { providerID: "fake", modelID: "m" },
      time: { created: n },
    },
    parts: [{ id: `prt_${id}`, type: "text", messageID: id, sessionID, text }],
  };
}

/** A plugin instance over a temp store, with a recording stand-in for opencode's SDK client. */
export { rendersSettled };

export async function fakeOpencode(options?: Record<string, unknown>) {
  const dir = mkdtempSync(join(tmpdir(), "hud-plugin-test-"));
  const logs: Array<{ level: string; message: string }> = [];
  const summarized: Array<{ path: { id: string }; body: unknown }> = [];
  let sessionMessages: Msg[] = [];
  const client = {
    app: { log: async (o: { body: { level: string; message: string } }) => void logs.push(o.body) },
    session: {
      messages: async () => ({ data: sessionMessages }),
      summarize: async (o: { path: { id: string }; body: unknown }) => void summarized.push(o),
    },
  };
  const input = {
    client,
    project: {},
    directory: join(dir, "project"),
    worktree: join(dir, "project"),
    serverUrl: new URL("http://127.0.0.1:1"),
    $: undefined,
  } as unknown as PluginInput;
  const hooks = (await createHooks(input, { storageDir: join(dir, "store"), ...options })) as Required<Hooks>;
  let counter = 0;
  const api = {
    hooks,
    logs,
    summarized,
    directory: join(dir, "project"),
    storageDir: join(dir, "store"),
    setSessionMessages(messages: Msg[]) {
      sessionMessages = messages;
    },
    user(sessionID: string, text: string): Msg {
      return userMessage(++counter, sessionID, text);
    },
    assistant(sessionID: string, tokens = 1_000, extra: Record<string, unknown> = {}): Msg {
      const id = `msg_${String(++counter).padStart(4, "0")}`;
      return {
        info: {
          id,
          role: "assistant",
          sessionID,
          providerID: "fake",
          modelID: "m",
          time: { created: counter },
          tokens: { input: tokens, output: 0, reasoning: 0, cache: { read: 0, write: 0 } },
          ...extra,
        },
        parts: [{ id: `prt_${id}`, type: "text", messageID: id, sessionID, text: "answer" }],
      };
    },
    async system(sessionID: string | undefined, base = ["You are opencode."]): Promise<string[]> {
      const output = { system: [...base] };
      await hooks["experimental.chat.system.transform"]({ sessionID, model: MODEL } as never, output);
      return output.system;
    },
    /**
     * Runs the messages transform on a copy and returns what would be sent. Then lets the event loop turn
     * over, as it does in opencode while the request streams: what the plugin writes after a hook returns
     * (the call's turn and session touch) is written by the time the next step of a test runs.
     */
    async transform(messages: Msg[]): Promise<Msg[]> {
      // in opencode a tool's answer reaches the next request after the provider's round trip: the renders
      // begun when the state changed have landed by then (a test of the call's own timing uses the hook)
      await rendersSettled();
      const output = { messages: structuredClone(messages) };
      await hooks["experimental.chat.messages.transform"]({}, output as never);
      await hostTurn();
      return output.messages;
    },
    async hud(sessionID: string, tool: unknown, args?: unknown): Promise<string> {
      return (await hooks.tool.hud!.execute(
        { tool, args } as never,
        {
          sessionID,
          messageID: "msg_x",
          agent: "build",
          directory: "",
          worktree: "",
          abort: new AbortController().signal,
          metadata() {},
          ask: async () => {},
        } as never,
      )) as string;
    },
    async compact(sessionID: string): Promise<string> {
      return (await hooks.tool.hud_compact!.execute(
        {} as never,
        { sessionID, messageID: "msg_x", agent: "build", abort: new AbortController().signal } as never,
      )) as string;
    },
    async event(type: string, properties: Record<string, unknown>): Promise<void> {
      await hooks.event({ event: { type, properties } as never });
    },
    async close() {
      await hooks.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return api;
}

export type FakeOpencode = Awaited<ReturnType<typeof fakeOpencode>>;

/** One turn of the event loop (a timer, so everything the plugin scheduled after its hook has run). */
export function hostTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The text of the HUD tail a transform appended, if any. */
export function tailText(sent: Msg[], original: Msg[]): string | undefined {
  if (sent.length !== original.length + 1) return undefined;
  return sent.at(-1)!.parts[0]!.text as string;
}
