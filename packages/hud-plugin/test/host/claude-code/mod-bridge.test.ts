// The mod bridge: the `hud` MCP server's internal `hud_mod` tool, which agent-hud's Claude Code mod calls
// through `$.mcp.call` (the mod itself runs inside Claude Code, with no Node), each call with the server's key.
import { afterAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { readCalls } from "../../../src/cache-ledger/table.ts";
import { createHudServer, NO_MOD } from "../../../src/host/claude-code/mcp-server.ts";
import { createModBridge, loadsMods, MOD_TOOL } from "../../../src/host/claude-code/mod-bridge.ts";
import { dropModKey, writeModKey } from "../../../src/host/claude-code/mod-key.ts";
import { dirname } from "node:path";
import { MOD_ENV } from "../../../src/host/claude-code/mod-active.ts";
import { HUD_FOLLOWS, HUD_SUMMARY_HEADER } from "../../../src/host/claude-code/mod-compaction.ts";
import { createLogger } from "../../../src/log/index.ts";
import { openHud } from "../../../src/runtime/open.ts";
import { claudeSession } from "./fixture.ts";

const s = claudeSession();
const opened = openHud({ directory: s.project, worktree: s.project, log: createLogger(undefined, () => {}) })!;
const clients: Client[] = [];
// the key a running server writes for the mod (`mod-key.test.ts` covers the calls that lack it)
const key = writeModKey(dirname(opened.deps.storePath));

async function connect(version: string) {
  const server = createHudServer(opened, () => s.sessionID, createModBridge(key));
  const client = new Client({ name: "claude-code", version });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(a), client.connect(b)]);
  clients.push(client);
  return client;
}

afterAll(async () => {
  for (const client of clients) await client.close();
  opened.dispose();
  dropModKey(key);
  delete process.env[MOD_ENV];
});

const text = (result: Record<string, unknown>) => (result["content"] as Array<{ text: string }>)[0]!.text;

async function mod(client: Client, args: Record<string, unknown>) {
  const result = await client.callTool({
    name: MOD_TOOL,
    arguments: { session: s.sessionID, key: key.secret, ...args },
  });
  return { error: result.isError === true, text: text(result) };
}

describe("the mod bridge", () => {
  test("Claude Code versions from 2.1.328 load this mod (2.1.287 to 2.1.327 refuse it: no tool.offer)", () => {
    expect(["2.1.328", "2.1.332", "2.2.0", "3.0.0"].map(loadsMods)).toEqual([true, true, true, true]);
    expect(["2.1.327", "2.1.287", "2.1.197", "2.0.999", "", undefined].map(loadsMods)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  test("the internal tool is listed only to a client that loads this mod, deferred behind ToolSearch", async () => {
    const old = await connect("2.1.197");
    expect((await old.listTools()).tools.map((t) => t.name)).toEqual(["hud"]);
    // loads mods but refuses this one (no tool.offer): nothing would hide hud_mod from the model there
    const refusing = await connect("2.1.327");
    expect((await refusing.listTools()).tools.map((t) => t.name)).toEqual(["hud"]);
    const tools = (await (await connect("2.1.332")).listTools()).tools;
    expect(tools.map((t) => t.name)).toEqual(["hud", "hud_compact", MOD_TOOL]);
    expect(tools[2]!._meta).toEqual({ "anthropic/alwaysLoad": false });
  });

  test("hud_compact before the mod said hello says why it cannot; after, it is asked for once", async () => {
    const client = await connect("2.1.332");
    const early = await client.callTool({ name: "hud_compact", arguments: {} });
    expect(early.isError).toBe(true);
    expect(text(early)).toBe(NO_MOD);
    await mod(client, { op: "hello" });
    opened.deps.runtime.session(s.sessionID).tracker.setLimits({ context: 100_000, input: 100_000, output: 0 });
    opened.deps.runtime
      .session(s.sessionID)
      .tracker.record("m1", { input: 60_000, output: 0, cacheRead: 0, cacheWrite: 0 }, 1);
    const asked = await client.callTool({ name: "hud_compact", arguments: {} });
    expect(text(asked)).toStartWith("ok: ");
    expect(JSON.parse((await mod(client, { op: "pending" })).text)).toEqual({ compact: true });
    expect(JSON.parse((await mod(client, { op: "pending" })).text)).toEqual({ compact: false });
  });

  test("hello switches the settings hooks' side off in the server and answers the compaction mode", async () => {
    delete process.env[MOD_ENV];
    const hello = await mod(await connect("2.1.332"), { op: "hello" });
    expect(JSON.parse(hello.text)).toEqual({ compaction: "summary", off: false });
    expect(process.env[MOD_ENV]).toBe("1");
  });

  test("the view follows the agent's edits and the switch; off is kept in the board", async () => {
    const client = await connect("2.1.332");
    await client.callTool({ name: "hud", arguments: { tool: "task.set", args: { description: "ship the pane" } } });
    // an edit reaches the board off the tool's path, a tick later: wait for it, never for a fixed time
    let view = JSON.parse((await mod(client, { op: "view" })).text);
    for (let tries = 0; !view.markdown.includes("ship the pane") && tries < 200; tries++) {
      await Bun.sleep(10);
      view = JSON.parse((await mod(client, { op: "view" })).text);
    }
    expect(view.off).toBe(false);
    expect(view.markdown).toContain("ship the pane");
    expect(view.line).toStartWith("ship the pane · ");
    const off = JSON.parse((await mod(client, { op: "switch", off: true })).text);
    expect(off.off).toBe(true);
    expect(off.line).toStartWith("HUD off");
    expect(opened.deps.board.isOff(s.sessionID)).toBe(true);
    await mod(client, { op: "switch", off: false });
    expect(opened.deps.board.isOff(s.sessionID)).toBe(false);
  });

  test("a hud compaction holds the latest request, the last turns and the way back; the HUD comes once, after it", async () => {
    const client = await connect("2.1.332");
    await client.callTool({ name: "hud", arguments: { tool: "notes.add", args: { content: "the WAL stays on" } } });
    const turns = [
      { role: "user", text: "make the login test stable", tools: [] },
      { role: "assistant", text: "x".repeat(5000), tools: ["Bash"] },
    ];
    const { text: answer } = await mod(client, { op: "compact", request: "make the login test stable", turns });
    const summary = JSON.parse(answer).text as string;
    expect(summary).toStartWith(`${HUD_SUMMARY_HEADER} ${HUD_FOLLOWS}`);
    // the SessionStart(compact) hook appends the full HUD right after the summary: not twice
    expect(summary).not.toContain("the WAL stays on");
    expect(summary).not.toContain("<agent-hud>");
    expect(summary).toContain("## The user's latest request\nmake the login test stable");
    expect(summary).toContain("[assistant (called Bash)]");
    expect(summary).toContain("[cut; the rest: hud search]");
    expect(summary.length).toBeLessThan(5000);
    expect(summary).toContain('{ tool: "search", args: { query } }');
    // switched off: no HUD follows, and the summary does not promise one
    await mod(client, { op: "switch", off: true });
    const off = JSON.parse((await mod(client, { op: "compact", request: "go on", turns: [] })).text).text as string;
    await mod(client, { op: "switch", off: false });
    expect(off).toStartWith(HUD_SUMMARY_HEADER);
    expect(off).not.toContain(HUD_FOLLOWS);
  });

  test("usage lands in the session's cache ledger once per request; the first after a compaction says so", async () => {
    const client = await connect("2.1.332");
    const usage = (read: number) => ({
      input_tokens: 100,
      output_tokens: 10,
      cache_read_input_tokens: read,
      cache_creation_input_tokens: 0,
    });
    await mod(client, { op: "usage", id: "t1:0", usage: usage(5_000), at: 1_000 });
    await mod(client, { op: "usage", id: "t1:0", usage: usage(5_000), at: 1_000 });
    await mod(client, { op: "compacted" });
    await mod(client, { op: "usage", id: "t2:0", usage: usage(0), at: 2_000 });
    const calls = opened.deps.board.use("read", (db) => readCalls(db, s.sessionID), []);
    expect(calls.map((c) => c.id)).toEqual(["t1:0", "t2:0"]);
    expect(calls[1]!.bust?.compaction).toBe(true);
  });

  test("a bad call is one line and changes nothing", async () => {
    const client = await connect("2.1.332");
    const before = (await mod(client, { op: "view" })).text;
    for (const args of [{ op: "nope" }, { op: "usage", id: 3 }, { op: "view", session: "../x" }]) {
      const bad = await mod(client, args);
      expect(bad.error).toBe(true);
      expect(bad.text.split("\n")).toHaveLength(1);
    }
    expect((await mod(client, { op: "view" })).text).toBe(before);
  });
});
