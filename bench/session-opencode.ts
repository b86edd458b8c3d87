// One opencode session of the session bench (session.ts): the scripted 60 calls through `opencode serve` and
// the fake LLM, with or without the plugin (or with it loaded through the recording plugin), and the server
// process's memory and CPU around it. Its own module so that session-inprocess.ts can record a session
// without importing session.ts (which imports it).
import { join } from "node:path";
import { estimateTokenizer } from "@agent-hud/hud-components";
import { FakeLlm, type Reply, type ToolCallScript } from "../e2e/harness/fake-llm.ts";
import { createProject, PLUGIN_DIR, startOpencode, type PluginEntry } from "../e2e/harness/opencode.ts";
import { tailHud } from "../e2e/harness/requests.ts";
import {
  CALLS,
  descendantsRss,
  FULL_BUDGET,
  hudCallsAt,
  procStats,
  residentSplit,
  type ProcStats,
} from "./session-common.ts";

const FILES = 12;

/**
 * `with`: the plugin, and the agent's `hud` calls. `without`: neither. `reads`: no plugin, and a file read in
 * place of each `hud` call, to tell opencode's own cost of the extra tool calls from the plugin's; `with-reads`:
 * the same with the plugin, to tell the cost of its hooks from that of its `hud` calls.
 */
export type Variant = "without" | "with" | "reads" | "with-reads";

/** The session's replies: each step reads a file, and the agent makes its `hud` calls (or reads in their place). */
function script(dir: string, variant: Variant): Reply[] {
  const readOf = (n: number): ToolCallScript => ({
    name: "read",
    args: { filePath: join(dir, `src/part-${n % FILES}.ts`) },
  });
  const replies: Reply[] = [];
  for (let i = 0; i < CALLS - 1; i++) {
    const calls = variant === "without" ? [] : hudCallsAt(i);
    const extra = calls.map((args, k) => (variant === "with" ? { name: "hud", args } : readOf(i + k + 1)));
    // the prompt creeps from 8k to ~38k of 192k usable: the HUD stays at its full density
    replies.push({ toolCalls: [readOf(i), ...extra], promptTokens: 8_000 + i * 500 });
  }
  replies.push({ text: "done", promptTokens: 8_000 + CALLS * 500 });
  return replies;
}

export type Run = {
  start: ProcStats;
  peak: number;
  after: number;
  anonymous: number;
  /** the server's descendants' RSS when the session ended (a sandbox would be one) */
  children: number;
  cpuMs: number;
  hudTokens: number;
};

/**
 * One opencode server, one session of CALLS calls; the server's memory and CPU around it. `recorder`: agent-hud
 * loaded through bench/session-recorder.ts, which writes every hook call down for session-inprocess.ts.
 */
export async function openCodeSession(variant: Variant, recorder?: { record: string; bundle: string }): Promise<Run> {
  const withPlugin = variant === "with" || variant === "with-reads";
  const plugin: PluginEntry = recorder ? [join(import.meta.dir, "session-recorder.ts"), recorder] : PLUGIN_DIR;
  const llm = new FakeLlm().start();
  const files = Object.fromEntries(
    Array.from({ length: FILES }, (_, i) => [`src/part-${i}.ts`, `export const part${i} = ${i};\n`.repeat(20)]),
  );
  const project = createProject({ llmUrl: llm.url, plugins: withPlugin ? [plugin] : [], files });
  const server = await startOpencode(project);
  try {
    const session = await server.createSession();
    const start = procStats(server.pid);
    llm.script(...script(project.dir, variant));
    await server.prompt(session.id, "stream the exporter");
    await server.waitIdle(session.id);
    const agent = llm.agentRequests();
    if (agent.length !== CALLS || llm.pending !== 0)
      throw new Error(`the session made ${agent.length} calls (${llm.pending} replies left), not ${CALLS}`);
    const hud = tailHud(agent.at(-1)!);
    if ((hud !== undefined) !== withPlugin)
      throw new Error(`HUD ${hud ? "present" : "missing"} with${withPlugin ? "" : "out"} the plugin`);
    const hudTokens = hud ? estimateTokenizer.count(hud) : 0;
    if (variant === "with" && hudTokens * 4 <= FULL_BUDGET)
      throw new Error(
        `the last HUD is ${hudTokens} tokens, not past a quarter of ${FULL_BUDGET}: the bench would measure the wrong thing`,
      );
    const end = procStats(server.pid);
    const children = descendantsRss(server.pid);
    // what the calls queued for after them (the plugin's records, opencode's own) settles first
    await Bun.sleep(1_000);
    const after = procStats(server.pid);
    const { anonymous } = residentSplit(server.pid);
    return { start, peak: end.peak, after: after.rss, anonymous, children, cpuMs: end.cpuMs - start.cpuMs, hudTokens };
  } finally {
    await server.stop();
    llm.stop();
    project.cleanup();
  }
}
