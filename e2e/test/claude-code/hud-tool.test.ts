// The `hud` tool over the plugin's MCP server, called by the real Claude Code: each change reaches the next
// model call, and bad input gets one line back and changes nothing.
import { hudToolJsonSchema } from "@agent-hud/hud-components";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { HUD_TOOL } from "../../harness/claude.ts";
import { currentHud, hud, mainLoop, startClaudeHud, toolResults, type ClaudeHud } from "../../harness/claude-hud.ts";

let env: ClaudeHud;
beforeAll(() => {
  env = startClaudeHud();
});
afterAll(() => env?.stop());

test("task.set, notes.add, decisions.record and steps.add each reach the next model call", async () => {
  const { api, session } = env;
  api.script(
    { toolUses: [hud("task.set", { description: "Port the parser to streaming input" })] },
    { toolUses: [hud("notes.add", { content: "tokenizer lives in lexer.ts" })] },
    {
      toolUses: [
        hud("decisions.record", { summary: "keep the old API as a wrapper" }),
        hud("steps.add", { description: "write the chunk reader" }),
      ],
    },
    { toolUses: [hud("snapshot")] },
    { text: "noted" },
  );
  await session.send("start");
  const [first, second, third, fourth, fifth] = mainLoop(api);
  const offered = first!.body.tools?.find((t) => t.name === HUD_TOOL);
  expect(offered).toBeDefined();
  expect((offered!.input_schema as { properties?: unknown }).properties).toEqual(hudToolJsonSchema().properties);
  expect(currentHud(first!)).toBeDefined();
  expect(currentHud(first!)).not.toContain("Port the parser");
  expect(toolResults(second!).at(-1)).toContain("ok: set task");
  expect(toolResults(third!).at(-1)).toContain("n1");
  expect(toolResults(fourth!).slice(-2).join("\n")).toMatch(/d1[\s\S]*s1/);
  const state = toolResults(fifth!).at(-1)!;
  for (const text of ["Port the parser", "tokenizer lives in lexer.ts", "keep the old API", "write the chunk reader"])
    expect(state).toContain(text);
  // each call's result told the agent what it changed; the plugin's HUD texts do not say it again
  for (const request of [second, third, fourth, fifth]) expect(currentHud(request!)).not.toContain("Port the parser");
});

// Claude Code wraps a failed MCP call's text in its own markup; what the plugin said is inside it.
const unwrapped = (text: string) =>
  text
    .replace(/<\/?tool_use_error>/g, "")
    .replace(/^Error:\s*/, "")
    .trim();

test("bad input gets one actionable line back and leaves the HUD as it was", async () => {
  const { api, session } = env;
  const before = mainLoop(api).length;
  api.script(
    { toolUses: [hud("notes.add", { content: "keep me" })] },
    { toolUses: [hud("notes.add", { text: "wrong field" })] },
    { toolUses: [hud("notes.ad", { content: "typo op" })] },
    { toolUses: [hud("notes.remove", { id: "n99" })] },
    { toolUses: [hud("notes.list")] },
    { text: "ok" },
  );
  await session.send("try things");
  const requests = mainLoop(api).slice(before);
  expect(requests).toHaveLength(6);
  const results = requests.slice(2, 5).map((r) => unwrapped(toolResults(r).at(-1)!));
  for (const result of results) {
    expect(result.split("\n")).toHaveLength(1);
    expect(result).not.toContain("ok:");
  }
  expect(results[0]).toContain("content");
  expect(results[1]).toContain("notes.add");
  expect(results[2]).toContain("n99");
  const notes = (text: string) => text.split("\n").filter((line) => /keep me|wrong field|typo op/.test(line));
  const listed = notes(toolResults(requests[5]!).at(-1)!);
  expect(listed).toHaveLength(1);
  expect(listed[0]).toContain("keep me");
  // and no HUD text after the bad calls says a change
  for (const request of requests.slice(2)) expect(notes(currentHud(request)!)).toEqual([]);
});
