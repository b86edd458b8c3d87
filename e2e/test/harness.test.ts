import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { FakeLlm, systemText } from "../harness/fake-llm.ts";
import {
  createProject,
  logProblems,
  opencodeVersion,
  reportedOpencodeVersion,
  startOpencode,
  type OpencodeServer,
  type Project,
} from "../harness/opencode.ts";

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
  expect(logProblems(project, "plugin")).toEqual([]);
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
