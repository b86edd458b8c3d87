import "../helpers/hermetic-env.ts";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Hooks, PluginInput } from "@opencode-ai/plugin";
import { createHooks } from "../../src/plugin.ts";
import { hostTurn, tailText, userMessage, type Msg } from "../helpers/fake-opencode.ts";

/**
 * Several plugin instances over one storage directory, each standing for an opencode process serving a
 * worktree: instances on the same worktree share project memory, others share only the database file.
 */
export function workspace() {
  const root = mkdtempSync(join(tmpdir(), "hud-project-test-"));
  const storageDir = join(root, "store");
  const opened: Array<Required<Hooks>> = [];
  let counter = 0;

  async function instance(worktree: string, options: Record<string, unknown> = {}) {
    const directory = join(root, worktree);
    mkdirSync(directory, { recursive: true });
    const client = {
      app: { log: async () => {} },
      session: { messages: async () => ({ data: [] }), summarize: async () => {} },
    };
    const input = {
      client,
      project: {},
      directory,
      worktree: directory,
      serverUrl: new URL("http://127.0.0.1:1"),
      $: undefined,
    } as unknown as PluginInput;
    const hooks = (await createHooks(input, { storageDir, ...options })) as Required<Hooks>;
    opened.push(hooks);
    const user = (sessionID: string, text: string): Msg => userMessage(++counter, sessionID, text);
    return {
      directory,
      hooks,
      /** Disposes the instance, as when its opencode process exits: its sessions are no longer live. */
      async stop(): Promise<void> {
        opened.splice(opened.indexOf(hooks), 1);
        await hooks.dispose();
      },
      /** The HUD the next LLM call of this session would carry. */
      async hudOf(sessionID: string): Promise<string> {
        const messages = [user(sessionID, "next call")];
        const output = { messages: structuredClone(messages) };
        await hooks["experimental.chat.messages.transform"]({}, output as never);
        await hostTurn();
        const text = tailText(output.messages, messages);
        if (text === undefined) throw new Error(`no HUD was appended for ${sessionID}`);
        return text;
      },
      /** A `hud` tool call; rejects with the one-line error the model would read. */
      async hud(sessionID: string, tool: string, args?: Record<string, unknown>): Promise<string> {
        const context = {
          sessionID,
          messageID: "msg_x",
          agent: "build",
          directory,
          worktree: directory,
          abort: new AbortController().signal,
          metadata() {},
          ask: async () => {},
        };
        return (await hooks.tool.hud!.execute({ tool, args } as never, context as never)) as string;
      },
      async event(type: string, properties: Record<string, unknown>): Promise<void> {
        await hooks.event({ event: { type, properties } as never });
      },
    };
  }

  return {
    instance,
    root,
    storageDir,
    /** The folder of a worktree, as `instance(worktree)` uses it (for plugin instances in other processes). */
    worktreeDir: (worktree: string) => join(root, worktree),
    async close() {
      for (const hooks of opened) await hooks.dispose();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export type Workspace = ReturnType<typeof workspace>;
export type Instance = Awaited<ReturnType<Workspace["instance"]>>;

/** Expects a `hud` call to fail and returns its error line. */
export async function failure(call: Promise<string>): Promise<string> {
  const result = await call.then(
    (ok) => ({ ok }),
    (error: Error) => ({ error: error.message }),
  );
  if ("ok" in result) throw new Error(`expected the hud call to fail, it returned: ${result.ok}`);
  return result.error;
}
