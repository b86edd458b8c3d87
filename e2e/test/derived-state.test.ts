import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { hud, startHudEnv, type HudEnv } from "../harness/hud-session.ts";
import { tailHud, toolResults } from "../harness/requests.ts";

let env: HudEnv;
beforeAll(async () => {
  env = await startHudEnv();
});
afterAll(() => env?.stop());

test("opencode's todos and the files the agent reads and writes show up without any hud call", async () => {
  const { llm, server, project } = env;
  const session = await server.createSession();
  llm.script(
    {
      toolCalls: [
        {
          name: "todowrite",
          args: {
            todos: [
              { content: "write the reader", status: "in_progress", priority: "high" },
              { content: "benchmark it", status: "pending", priority: "low" },
            ],
          },
        },
      ],
    },
    { toolCalls: [{ name: "read", args: { filePath: join(project.dir, "README.md") } }] },
    {
      toolCalls: [
        {
          name: "write",
          args: { filePath: join(project.dir, "src/reader.ts"), content: "export const reader = 1;\n" },
        },
      ],
    },
    { toolCalls: [hud("files.list")] },
    { text: "done" },
  );
  await server.prompt(session.id, "work");
  const requests = llm.agentRequests();
  const afterTodos = tailHud(requests[1]!)!;
  expect(afterTodos).toContain("write the reader");
  expect(afterTodos).toContain("benchmark it");
  expect(tailHud(requests[2]!)).toContain("README.md");
  expect(tailHud(requests[3]!)).toContain("src/reader.ts");
  // opencode reports the write both as a tool call and as file.edited: it counts once
  const files = toolResults(requests[4]!).at(-1)!;
  expect(files).toContain("README.md (read)");
  expect(files).toContain("src/reader.ts (edited ×1)");
  expect(files).not.toContain(project.dir);
});
