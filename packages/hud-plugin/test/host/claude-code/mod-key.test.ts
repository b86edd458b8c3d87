// `hud_mod` answers agent-hud's mod alone: a raw MCP client that claims a Claude Code version which loads the
// mod, but holds no key, is refused every operation with one line, and nothing is stored: no person edit,
// the switch unchanged, no ledger row. The key is the one file the server writes owner-only for the mod.
import { afterAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { readFileSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { readCalls } from "../../../src/cache-ledger/table.ts";
import { createHudServer } from "../../../src/host/claude-code/mcp-server.ts";
import { createModBridge, MOD_REFUSED, MOD_TOOL } from "../../../src/host/claude-code/mod-bridge.ts";
import { dropModKey, writeModKey } from "../../../src/host/claude-code/mod-key.ts";
import { MOD_ENV } from "../../../src/host/claude-code/mod-active.ts";
import { createLogger } from "../../../src/log/index.ts";
import { openHud } from "../../../src/runtime/open.ts";
import { claudeSession } from "./fixture.ts";

const s = claudeSession();
const opened = openHud({ directory: s.project, worktree: s.project, log: createLogger(undefined, () => {}) })!;
const key = writeModKey(dirname(opened.deps.storePath));
const clients: Client[] = [];
afterAll(async () => {
  for (const client of clients) await client.close();
  dropModKey(key);
  opened.dispose();
  delete process.env[MOD_ENV];
});

async function connect(bridge = createModBridge(key)) {
  const server = createHudServer(opened, () => s.sessionID, bridge);
  const client = new Client({ name: "claude-code", version: "2.1.332" });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(a), client.connect(b)]);
  clients.push(client);
  return client;
}

const call = async (client: Client, args: Record<string, unknown>) => {
  const result = await client.callTool({ name: MOD_TOOL, arguments: { session: s.sessionID, ...args } });
  return { error: result.isError === true, text: (result.content as Array<{ text: string }>)[0]!.text };
};

const stored = async (client: Client) => ({
  history: (await client.callTool({ name: "hud", arguments: { tool: "history" } })).content,
  off: opened.deps.board.isOff(s.sessionID),
  calls: opened.deps.board.use("read", (db) => readCalls(db, s.sessionID), []).length,
});

const attempts = (extra: Record<string, unknown>) => [
  { op: "edit", text: "task.set take over the session", ...extra },
  { op: "switch", off: true, ...extra },
  {
    op: "usage",
    id: "t9:0",
    usage: { input_tokens: 1e12, output_tokens: 0, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
    ...extra,
  },
  { op: "hello", ...extra },
  { op: "instructions", ...extra },
];

describe("the mod's key", () => {
  test("the server writes it owner-only into the data folder, and says where (only where)", async () => {
    const client = await connect();
    expect(statSync(key.path).mode & 0o777).toBe(0o600);
    expect(dirname(key.path)).toBe(dirname(opened.deps.storePath));
    const where = await call(client, { op: "key" });
    expect(JSON.parse(where.text)).toEqual({ path: key.path });
    expect(where.text).not.toContain(key.secret);
  });

  test("a raw client claiming 2.1.332 without the key, or with a wrong one: refused, one line, nothing stored", async () => {
    const client = await connect();
    delete process.env[MOD_ENV];
    const before = await stored(client);
    for (const extra of [{}, { key: "0".repeat(64) }, { key: key.secret.slice(0, 32) }, { key: 1 }])
      for (const args of attempts(extra)) {
        const refused = await call(client, args);
        expect(refused).toEqual({ error: true, text: MOD_REFUSED });
      }
    expect(await stored(client)).toEqual(before);
    expect(before.off).toBe(false);
    expect(before.calls).toBe(0);
    expect(JSON.stringify(before.history)).not.toContain("take over the session");
    // hello was refused too: the settings hooks still own compaction and usage
    expect(process.env[MOD_ENV]).toBeUndefined();
  });

  test("a server with no key (it could not write one) refuses every operation", async () => {
    const client = await connect(createModBridge());
    expect(await call(client, { op: "switch", off: true, key: key.secret })).toEqual({
      error: true,
      text: MOD_REFUSED,
    });
    expect(opened.deps.board.isOff(s.sessionID)).toBe(false);
  });

  test("the key read from its file, as the mod reads it, is served", async () => {
    const client = await connect();
    const { path } = JSON.parse((await call(client, { op: "key" })).text) as { path: string };
    const held = readFileSync(path, "utf8");
    const edit = await call(client, { op: "edit", text: "task.set ship the key", key: held });
    expect(edit.error).toBe(false);
    expect(JSON.stringify((await stored(client)).history)).toContain("ship the key");
    await call(client, { op: "switch", off: true, key: held });
    expect(opened.deps.board.isOff(s.sessionID)).toBe(true);
    await call(client, { op: "switch", off: false, key: held });
  });
});
