// Run by startup.ts in a fresh bun process: what the bundle itself costs opencode on the way to the first
// LLM call, phase by phase (wall and this process's CPU time: on a shared machine the CPU time is the steadier
// figure), with the built-ins opencode has already loaded loaded first. Prints one JSON line.
// Usage: bun startup-probe.ts <bundle entry> <storage dir>
import { mkdirSync } from "node:fs";
import { join } from "node:path";

/** Modules opencode has loaded before any plugin: their cost is not the plugin's. */
const HOST_MODULES = [
  "node:fs",
  "node:path",
  "node:os",
  "node:crypto",
  "node:url",
  "node:module",
  "node:stream",
  "node:events",
  "node:fs/promises",
  "bun:sqlite",
];

const [entry, dir] = process.argv.slice(2);
if (!entry || !dir) throw new Error("usage: bun startup-probe.ts <bundle entry> <storage dir>");
for (const name of HOST_MODULES) await import(name);

const ms: Record<string, number> = {};
const cpuMs: Record<string, number> = {};
const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
let mark = Bun.nanoseconds();
let cpuMark = cpuNow();
const lap = (phase: string) => {
  const now = Bun.nanoseconds();
  const cpu = cpuNow();
  ms[phase] = (now - mark) / 1e6;
  cpuMs[phase] = cpu - cpuMark;
  mark = now;
  cpuMark = cpu;
};
const rssBefore = process.memoryUsage().rss;

const plugin = (await import(entry)) as { default: { server: (input: unknown, options: unknown) => Promise<Hooks> } };
lap("import");
type Hook = (input: unknown, output: unknown) => Promise<void>;
type Hooks = Record<string, Hook | undefined> & { dispose?: () => Promise<void> };

const project = join(dir, "project");
mkdirSync(project, { recursive: true });
const client = {
  app: { log: async () => {} },
  session: { list: async () => ({ data: [] }), messages: async () => ({ data: [] }) },
  tui: { showToast: async () => {} },
};
const input = { client, project: {}, directory: project, worktree: project, serverUrl: new URL("http://127.0.0.1:1") };
const hooks = await plugin.default.server(input, { storageDir: join(dir, "store") });
lap("server");

const sessionID = `ses_probe${Date.now()}`;
const model = { id: "m", providerID: "p", limit: { context: 200_000, output: 8_000 } };
const user = { id: "msg_1", role: "user", sessionID, time: { created: 1 } };
const output = { messages: [{ info: user, parts: [{ id: "prt_1", type: "text", text: "hello" }] }] };
await hooks["experimental.chat.system.transform"]!({ sessionID, model }, { system: ["You are opencode."] });
await hooks["experimental.chat.messages.transform"]!({}, output);
lap("firstCall");
if (output.messages.length !== 2) throw new Error("the probe's first call got no HUD: it would measure nothing");

// what the call queued for after it (the turn record, the person's views) runs on the next turns of the loop
await new Promise((resolve) => setTimeout(resolve, 0));
await new Promise((resolve) => setTimeout(resolve, 0));
lap("afterCall");
const rssGrowth = process.memoryUsage().rss - rssBefore;
await hooks.dispose?.();
lap("dispose");
console.log(JSON.stringify({ ms, cpuMs, rssGrowth }));
