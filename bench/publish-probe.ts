// The plugin's own CPU per call in opencode's process, without opencode: one bun process imports the built
// bundle (dist/server.js, what opencode loads) and drives its hooks like the session bench's 60 calls (the
// system and messages transforms of each call, the agent's `hud` calls between them), then prints the
// process's CPU over the calls, a call's share, and how much of it was the board's publish. Run it under
// `bun --cpu-prof bench/publish-probe.ts` to see where the time goes. PROBE_RUNS sets how many sessions
// it runs (a fresh store each, medians printed; default 5); PROBE_BUNDLE a comma-separated list of
// builds' server.js to compare (their runs alternated). PROBE_PUBLISH=1 times the board's publisher alone over
// the same kind of session (each call's render, then the render after a `hud` call changed the state).
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { ensureFreshBundle } from "../e2e/harness/fresh-build.ts";
import { PLUGIN_DIR } from "../e2e/harness/opencode.ts";
import { CALLS, hudCallsAt, median } from "./session-common.ts";
import {
  applyEvent,
  emptyState,
  makeContextInfo,
  renderHud,
  replay,
  type HudEvent,
  type HudProps,
  type RenderResult,
} from "@agent-hud/hud-components";
import { referenceEvents } from "@agent-hud/hud-components/testing";
import { boardPublisher, createRedactor, HudBoard } from "@agent-hud/hud-plugin/internal";

type Msg = { info: Record<string, unknown>; parts: Array<Record<string, unknown>> };
type Hook = (input: unknown, output: unknown) => Promise<void>;
type Hooks = Record<string, Hook> & {
  tool: { hud: { execute(args: unknown, context: unknown): Promise<unknown> } };
  dispose(): Promise<void>;
};

const SESSION = "ses_probe01";
const MODEL = { id: "m", providerID: "probe", limit: { context: 200_000, output: 8_000 } };
const turn = () => new Promise((resolve) => setTimeout(resolve, 0));
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

function message(n: number, role: "user" | "assistant", text: string, tokens = 0): Msg {
  const id = `msg_${String(n).padStart(4, "0")}`;
  const info: Record<string, unknown> = { id, role, sessionID: SESSION, time: { created: n } };
  if (role === "assistant")
    Object.assign(info, {
      providerID: "probe",
      modelID: "m",
      tokens: { input: tokens, output: 0, reasoning: 0, cache: { read: 0, write: 0 } },
    });
  else Object.assign(info, { agent: "build", model: { providerID: "probe", modelID: "m" } });
  return { info, parts: [{ id: `prt_${id}`, type: "text", messageID: id, sessionID: SESSION, text }] };
}

/** One session of CALLS calls through a fresh plugin instance; the process's CPU over the calls. */
async function session(server: (input: unknown, options: unknown) => Promise<Hooks>): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), "hud-publish-probe-"));
  const messages: Msg[] = [];
  const input = {
    client: { app: { log: async () => {} }, session: { messages: async () => ({ data: messages }) } },
    project: {},
    directory: join(dir, "project"),
    worktree: join(dir, "project"),
    serverUrl: new URL("http://127.0.0.1:1"),
    $: undefined,
  };
  try {
    const hooks = await server(input, { storageDir: join(dir, "store") });
    try {
      const context = { sessionID: SESSION, messageID: "msg_x", agent: "build", directory: "", worktree: "" };
      messages.push(message(0, "user", "stream the exporter"));
      const start = cpuMs();
      for (let i = 0; i < CALLS; i++) {
        await hooks["experimental.chat.system.transform"]!({ sessionID: SESSION, model: MODEL }, { system: ["base"] });
        await hooks["experimental.chat.messages.transform"]!({}, { messages: structuredClone(messages) });
        await turn();
        for (const { tool, args } of i < CALLS - 1 ? hudCallsAt(i) : [])
          // a refused call (a step id the agent got wrong) is an error reply in opencode, as here
          await hooks.tool.hud
            .execute({ tool, args }, { ...context, abort: new AbortController().signal })
            .catch(() => {});
        await turn();
        messages.push(message(2 * i + 1, "assistant", `step ${i}`, 8_000 + i * 500), message(2 * i + 2, "user", "ok"));
      }
      return cpuMs() - start;
    } finally {
      // the store is written until the plugin is disposed of
      await hooks.dispose();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The publisher alone: the session's 2 x CALLS renders published in turn; ms per publish, min and median of 15. */
function publishOnly(): void {
  const renders: Array<{ kinds: Array<"received" | "current">; result: RenderResult; input: HudProps }> = [];
  let state = replay("session", referenceEvents());
  for (let i = 0; i < CALLS; i++) {
    const context = makeContextInfo({ usedTokens: 8_000 + i * 500, usableTokens: 192_000 });
    const at = (view: HudProps["view"]) => ({ result: renderHud(view, context), input: { view, context } });
    renders.push({ kinds: ["received", "current"], ...at({ session: state, project: emptyState("project") }) });
    const note = { kind: "note.add", at: 2e12 + i, content: `fact ${i}: the exporter flushes every ${i * 64} rows` };
    state = applyEvent(state, note as HudEvent).state;
    renders.push({ kinds: ["current"], ...at({ session: state, project: emptyState("project") }) });
  }
  const times: number[] = [];
  for (let r = 0; r < 15; r++) {
    const dir = mkdtempSync(join(tmpdir(), "hud-publish-probe-"));
    try {
      const board = HudBoard.open(dir);
      try {
        const publisher = boardPublisher(board, "probe", createRedactor({ redact: true }).deep, Date.now);
        const start = performance.now();
        for (const { kinds, result, input } of renders) publisher.publish(SESSION, kinds, result, input);
        times.push((performance.now() - start) / renders.length);
      } finally {
        board.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  console.log(
    `a publish: min ${Math.min(...times).toFixed(3)} ms, median ${median(times).toFixed(3)} ms (${renders.length} a session, 15 sessions); ` +
      `load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
  );
}

if (process.env.PROBE_PUBLISH === "1") {
  publishOnly();
  process.exit(0);
}

const bundles = process.env.PROBE_BUNDLE?.split(",") ?? (ensureFreshBundle(), [join(PLUGIN_DIR, "dist", "server.js")]);
const servers: Array<(input: unknown, options: unknown) => Promise<Hooks>> = [];
for (const bundle of bundles)
  servers.push(((await import(bundle)) as { default: { server: (typeof servers)[0] } }).default.server);
const runs = Number(process.env.PROBE_RUNS ?? 5);
const spent: number[][] = bundles.map(() => []);
// alternated, so the machine's load falls on every build alike
for (let r = 0; r < runs; r++) for (const [b, server] of servers.entries()) spent[b]!.push(await session(server));
for (const [b, bundle] of bundles.entries()) {
  const all = spent[b]!;
  const steady = all.length > 1 ? all.slice(1) : all;
  console.log(
    `${bundles.length > 1 ? `${bundle}: ` : ""}plugin CPU over a ${CALLS}-call session, in-process: first ${all[0]!.toFixed(0)} ms, ` +
      `then median ${median(steady).toFixed(0)} ms (${(median(steady) / CALLS).toFixed(2)} ms a call); runs ${all.map((s) => s.toFixed(0)).join(", ")}`,
  );
}
console.log(
  `load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
