import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EventStore, type EventStoreOptions, type HudEvent } from "../../src/store/index.ts";
import { fakeOpencode, tailText, type FakeOpencode, type Msg } from "../helpers/fake-opencode.ts";

export const PREAMBLE_HEADING = "# Agent HUD";

export function tempRoot(prefix = "hud-reliability-"): { root: string; storeDir: string; cleanup: () => void } {
  const root = mkdtempSync(join(tmpdir(), prefix));
  return { root, storeDir: join(root, "store"), cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/**
 * Starts the real plugin (createHooks) over `storeDir`. `storeExtra` is merged into the options of the
 * EventStore the plugin opens — the store's own fault seams and timeouts — by wrapping `EventStore.open`
 * only while the plugin is being created, so nothing else sees the wrapper.
 */
export async function startPlugin(
  storeDir: string,
  storeExtra: Partial<EventStoreOptions> = {},
  options: Record<string, unknown> = {},
): Promise<FakeOpencode> {
  const open = EventStore.open;
  EventStore.open = (o) => open.call(EventStore, { ...o, ...storeExtra });
  try {
    return await fakeOpencode({ storageDir: storeDir, ...options });
  } finally {
    EventStore.open = open;
  }
}

/** One opencode session as the provider sees it: every call runs the system and the messages transforms. */
export class Conversation {
  readonly messages: Msg[] = [];

  constructor(
    readonly oc: FakeOpencode,
    readonly sessionID: string,
  ) {}

  /**
   * One LLM call: the system prompt and the HUD (tail message) that would reach the provider. `tokens` is
   * the usage reported by the previous reply, so the HUD of this call renders at that usage.
   */
  async call(userText: string, tokens = 1_000): Promise<{ system: string[]; hud: string | undefined }> {
    // real creation times: the tracker ignores replies older than its last reset (a compaction)
    if (this.messages.length > 0)
      this.messages.push(this.oc.assistant(this.sessionID, tokens, { time: { created: Date.now() } }));
    this.messages.push(this.oc.user(this.sessionID, userText));
    const system = await this.oc.system(this.sessionID);
    const sent = await this.oc.transform(this.messages);
    return { system, hud: tailText(sent, this.messages) };
  }

  hud(tool: unknown, args?: unknown): Promise<string> {
    return this.oc.hud(this.sessionID, tool, args);
  }

  /** A built-in tool finishing, as opencode reports it to `tool.execute.after`. */
  async toolDone(
    tool: string,
    args: unknown,
    output: unknown = { title: tool, output: "done", metadata: {} },
  ): Promise<void> {
    await this.oc.hooks["tool.execute.after"](
      { tool, sessionID: this.sessionID, callID: `call_${tool}`, args } as never,
      output as never,
    );
  }
}

/**
 * Lines the plugin logs when a hook or a render failed and was swallowed by its guard. A fault the store
 * handles shows up as `agent-hud store: …` lines instead, never as these.
 */
export function hookFailures(logs: Array<{ level: string; message: string }>): string[] {
  return logs.filter((l) => l.level === "error" && l.message.startsWith("agent-hud: ")).map((l) => l.message);
}

export function storeLines(logs: Array<{ level: string; message: string }>): string[] {
  return logs.filter((l) => l.message.startsWith("agent-hud store: ")).map((l) => l.message);
}

/** Every event of a stream as a fresh process would read it from the database file. */
export function durableEvents(
  storeDir: string,
  stream: string,
): Array<{ seq: number; event: HudEvent; pending?: true }> {
  const store = EventStore.open({ dir: storeDir, log: () => {} });
  try {
    return store.read(stream);
  } finally {
    store.close();
  }
}

/** The agent-visible text an event carries (note content, step description, file path), for comparisons. */
export function eventText(event: HudEvent): string {
  const e = event as { kind: string; content?: string; description?: string; path?: string; summary?: string };
  return `${e.kind}:${e.content ?? e.description ?? e.path ?? e.summary ?? ""}`;
}
