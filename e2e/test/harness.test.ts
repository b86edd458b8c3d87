import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { FakeLlm, systemText } from "../harness/fake-llm.ts";
import { startHudEnv } from "../harness/hud-session.ts";
import {
  createProject,
  linesFrom,
  logProblems,
  opencodeVersion,
  problemLines,
  reportedOpencodeVersion,
  startOpencode,
  type OpencodeServer,
  type Project,
} from "../harness/opencode.ts";
import { SHARED_HOST_ENV, stopSharedHost } from "../harness/shared-host.ts";

let llm: FakeLlm;
let project: Project;
let server: OpencodeServer;

beforeAll(async () => {
  llm = new FakeLlm().start();
  project = createProject({ llmUrl: llm.url, plugins: [join(import.meta.dir, "../fixtures/marker-plugin.ts")] });
  server = await startOpencode(project);
});

afterAll(async () => {
  await server?.stop();
  llm?.stop();
  project?.cleanup();
});

test("the version the harness reads from the binary's package is the one the binary reports", () => {
  expect(opencodeVersion()).toMatch(/^\d+\.\d+\.\d+/);
  expect(opencodeVersion()).toBe(reportedOpencodeVersion());
});

test("a plugin loaded from a path reaches the provider request, title calls are told apart", async () => {
  const session = await server.createSession();
  llm.script({ text: "first reply" });
  const reply = await server.prompt(session.id, "hello");
  expect(reply.parts.some((p) => p.type === "text" && p.text === "first reply")).toBe(true);
  const [agent] = llm.agentRequests();
  expect(agent).toBeDefined();
  expect(systemText(agent!.body)).toContain("E2E-MARKER-7f3a");
  await llm.waitFor((rs) => rs.some((r) => r.kind === "title"), 30_000, "title request");
  expect(llm.pending).toBe(0);
  expect(await logProblems(server, "plugin")).toEqual([]);
  // the pre-made lockfile kept opencode from running a registry install for its config dirs
  expect(existsSync(join(project.home, ".npm"))).toBe(false);
});

test("scripted tool calls run and their result goes back to the model", async () => {
  const session = await server.createSession();
  llm.script({ toolCalls: [{ name: "read", args: { filePath: join(project.dir, "README.md") } }] }, { text: "done" });
  const before = llm.agentRequests().length;
  await server.prompt(session.id, "read the readme");
  const requests = llm.agentRequests().slice(before);
  expect(requests.length).toBe(2);
  const toolMessage = requests[1]!.body.messages.find((m) => m.role === "tool");
  expect(JSON.stringify(toolMessage?.content)).toContain("e2e project");
  const messages = await server.messages(session.id);
  expect(messages.at(-1)?.parts.some((p) => p.text === "done")).toBe(true);
});

test("a warning logged just before the read is among the problems: the read waits until opencode has written it", async () => {
  const probe = `e2e probe ${crypto.randomUUID()}`;
  await server.request("POST", "/log", { service: "e2e", level: "warn", message: probe });
  expect(await logProblems(server, probe)).toHaveLength(1);
});

test("warnings and errors are problems in both log formats: the pinned opencode's and the oldest's", () => {
  const logs = [
    'timestamp=2026-01-01T00:00:00.000Z level=WARN message="agent-hud: pinned warning"',
    'timestamp=2026-01-01T00:00:00.000Z level=INFO message="agent-hud: pinned info"',
    "WARN  2026-01-01T00:00:01 +5ms service=plugin agent-hud: oldest warning",
    "ERROR 2026-01-01T00:00:01 +1ms service=plugin agent-hud: oldest error",
    "INFO  2026-01-01T00:00:01 +1ms service=plugin agent-hud: oldest info",
    "INFO  2026-01-01T00:00:01 +1ms service=plugin agent-hud: a message that says WARN in passing",
  ].join("\n");
  expect(problemLines(logs, "Agent-HUD").map((line) => line.split(/agent-hud: /)[1])).toEqual([
    'pinned warning"',
    "oldest warning",
    "oldest error",
  ]);
});

test("a shared process's log is read from the project's start: lines logged before it are another file's", async () => {
  const logs = [
    "timestamp=2026-01-01T00:00:00.000Z level=WARN message=earlier",
    "  at a stack line of the earlier entry",
    "timestamp=2026-01-01T00:00:01.000Z level=WARN message=later",
    "  at a stack line of the later entry",
  ].join("\n");
  expect(linesFrom(logs, Date.parse("2026-01-01T00:00:00.500Z")).split("\n")).toEqual([
    "timestamp=2026-01-01T00:00:01.000Z level=WARN message=later",
    "  at a stack line of the later entry",
  ]);
});

test("in a batch of files, projects are served by one opencode process, each from its own directory and fake LLM", async () => {
  process.env[SHARED_HOST_ENV] = "1";
  try {
    const envs = [await startHudEnv({ plugin: null }), await startHudEnv({ plugin: null })];
    expect(envs[0]!.server.pid).toBe(envs[1]!.server.pid);
    expect(envs[0]!.server.pid).not.toBe(server.pid);
    expect(envs[0]!.project.dir).not.toBe(envs[1]!.project.dir);
    for (const env of envs) {
      const session = await env.server.createSession();
      expect(session.directory).toBe(env.project.dir);
      env.llm.script({ text: "ok" });
      await env.server.prompt(session.id, `to ${env.project.dir}`);
      expect(env.llm.agentRequests().map((r) => JSON.stringify(r.body.messages))).toEqual([
        expect.stringContaining(`to ${env.project.dir}`),
      ]);
      await env.stop();
    }
  } finally {
    delete process.env[SHARED_HOST_ENV];
    await stopSharedHost();
  }
});
