import { afterAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createLogger } from "../../../src/log/index.ts";
import { runHook } from "../../../src/host/claude-code/handle.ts";
import { createHudServer, NO_SESSION } from "../../../src/host/claude-code/mcp-server.ts";
import { openHud } from "../../../src/runtime/open.ts";
import { HUD_DESCRIPTION } from "../../../src/tools/hud.ts";
import { claudeSession } from "./fixture.ts";

const s = claudeSession();
const opened = openHud({ directory: s.project, worktree: s.project, log: createLogger(undefined, () => {}) })!;
let linked: string | undefined = s.sessionID;
const server = createHudServer(opened, () => linked);
const client = new Client({ name: "test", version: "1" });
const [a, b] = InMemoryTransport.createLinkedPair();
await Promise.all([server.connect(a), client.connect(b)]);
afterAll(async () => {
  await client.close();
  opened.dispose();
});

const text = (result: Record<string, unknown>) => (result["content"] as Array<{ text: string }>)[0]!.text;

describe("the hud MCP server", () => {
  test("lists one tool, hud, with opencode's description and the router's schema", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["hud"]);
    expect(tools[0]!.description).toBe(HUD_DESCRIPTION);
    expect(tools[0]!.inputSchema.properties).toHaveProperty("tool");
  });

  test("a mutation returns the new id and the state changes", async () => {
    const added = await client.callTool({
      name: "hud",
      arguments: { tool: "notes.add", args: { content: "use the WAL" } },
    });
    expect(added.isError).toBeFalsy();
    expect(text(added)).toMatch(/\bn\w*/);
    const listed = await client.callTool({ name: "hud", arguments: { tool: "notes.list" } });
    expect(text(listed)).toContain("use the WAL");
  });

  test("bad input is one line, an error result, and changes nothing", async () => {
    const before = text(await client.callTool({ name: "hud", arguments: { tool: "snapshot" } }));
    const bad = await client.callTool({ name: "hud", arguments: { tool: "notes.add", args: { contents: 1 } } });
    expect(bad.isError).toBe(true);
    expect(text(bad).split("\n")).toHaveLength(1);
    expect(text(await client.callTool({ name: "hud", arguments: { tool: "snapshot" } }))).toBe(before);
  });

  test("what the agent's own call changed is left out of the next update; a sub-agent's call is not", async () => {
    const hook = (event: string, extra?: Record<string, unknown>) =>
      runHook(opened.deps, s.input(event, { source: "startup", ...extra }), {});
    await hook("SessionStart");
    const call = (args: Record<string, unknown>) => client.callTool({ name: "hud", arguments: args });
    await call({ tool: "task.set", args: { description: "wire the exporter" } });
    expect(await hook("PostToolBatch")).toBeUndefined();
    // while a sub-agent runs, a call may be its own: the main conversation is told at its next batch
    await hook("SubagentStart", { agent_id: "a1" });
    await call({ tool: "notes.add", args: { content: "the exporter streams rows" } });
    const told = await hook("PostToolBatch");
    expect(told?.text).toContain("+ ");
    expect(told?.text).toContain("the exporter streams rows");
    expect(told?.text).not.toContain("wire the exporter");
    // back in the main conversation: its own calls are left out again
    await call({ tool: "notes.add", args: { content: "the exporter writes CRLF" } });
    expect(await hook("PostToolBatch")).toBeUndefined();
  });

  test("without a linked session the call says how to find out why", async () => {
    linked = undefined;
    const result = await client.callTool({ name: "hud", arguments: { tool: "help" } });
    linked = s.sessionID;
    expect(result.isError).toBe(true);
    expect(text(result)).toBe(NO_SESSION);
  });
});
