import { hudToolJsonSchema } from "@agent-hud/hud-components";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { hud, startHudEnv, type HudEnv } from "../harness/hud-session.ts";
import { tailHud, toolResults } from "../harness/requests.ts";

let env: HudEnv;
beforeAll(async () => {
  env = await startHudEnv();
});
afterAll(() => env?.stop());

test("a hud task.set / notes.add call changes the HUD of the very next request", async () => {
  const { llm, server } = env;
  const session = await server.createSession();
  llm.script(
    { toolCalls: [hud("task.set", { description: "Port the parser to streaming input" })] },
    { toolCalls: [hud("notes.add", { content: "tokenizer lives in lexer.ts" })] },
    {
      toolCalls: [
        hud("decisions.record", { summary: "keep the old API as a wrapper" }),
        hud("steps.add", { description: "write the chunk reader" }),
      ],
    },
    { text: "noted" },
  );
  await server.prompt(session.id, "start");
  const [first, second, third, fourth] = llm.agentRequests();
  // the model is offered the router's own JSON Schema, exactly: the plugin declares its args without zod
  const offered = (first!.body.tools ?? []).find((t) => t.function.name === "hud");
  expect(offered?.function.parameters).toEqual(hudToolJsonSchema());
  expect(tailHud(first!)).not.toContain("Port the parser");
  expect(tailHud(second!)).toContain("Port the parser to streaming input");
  expect(toolResults(second!).at(-1)).toContain("ok: set task");
  expect(tailHud(second!)).not.toContain("tokenizer lives in lexer.ts");
  expect(tailHud(third!)).toContain("tokenizer lives in lexer.ts");
  expect(toolResults(third!).at(-1)).toContain("n1");
  const last = tailHud(fourth!)!;
  for (const text of [
    "Port the parser",
    "tokenizer lives in lexer.ts",
    "keep the old API as a wrapper",
    "write the chunk reader",
  ])
    expect(last).toContain(text);
  expect(toolResults(fourth!).slice(-2).join("\n")).toMatch(/d1[\s\S]*s1/);
});

test("read-only operations answer from state without changing the HUD", async () => {
  const { llm, server } = env;
  const session = await server.createSession();
  llm.script(
    { toolCalls: [hud("notes.add", { content: "alpha note" })] },
    { toolCalls: [hud("snapshot")] },
    { toolCalls: [hud("help")] },
    { toolCalls: [hud("history", { limit: 5 })] },
    { text: "done" },
  );
  const before = llm.agentRequests().length;
  await server.prompt(session.id, "inspect");
  const requests = llm.agentRequests().slice(before);
  expect(toolResults(requests[2]!).at(-1)).toContain("alpha note");
  expect(toolResults(requests[3]!).at(-1)).toContain("notes.add");
  expect(toolResults(requests[4]!).at(-1)).toContain("note.add");
  const huds = requests.slice(1).map((r) => tailHud(r)!);
  for (const h of huds) expect(h).toContain("alpha note");
});
