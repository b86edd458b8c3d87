import { describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { StdioTransport, ToolServer, type JsonRpcMessage } from "../../src/host/mcp-stdio.ts";

/** A server of one tool, `echo`, that holds a call until `release` when asked to; `held` says when one is. */
function echoServer() {
  const server = new ToolServer({ name: "hud", version: "0.1.0" });
  let release = () => {};
  let holding = () => {};
  const held = new Promise<void>((resolve) => (holding = resolve));
  server.setRequestHandler("tools/list", async () => ({
    tools: [{ name: "echo", description: "says it back", inputSchema: { type: "object" } }],
  }));
  server.setRequestHandler("tools/call", async (request) => {
    if (request.params.arguments?.["hold"])
      await new Promise<void>((resolve) => {
        release = resolve;
        holding();
      });
    if (request.params.arguments?.["throw"]) throw new Error("the handler broke");
    return { content: [{ type: "text", text: JSON.stringify(request.params) }] };
  });
  return { server, held, release: () => release() };
}

/** The server on a pair of streams, as a host sees it: lines in, lines out. */
async function overStdio() {
  let host!: ReadableStreamDefaultController<Uint8Array>;
  const stdin = new ReadableStream<Uint8Array>({ start: (controller) => void (host = controller) });
  const input = { write: (text: string) => host.enqueue(new TextEncoder().encode(text)), end: () => host.close() };
  const replies: JsonRpcMessage[] = [];
  let text = "";
  const stdout = {
    write: (written: string) => void (text += written),
    // what was written is taken as a whole at each flush: a line is never read in part
    flush: () => {
      for (let end = text.indexOf("\n"); end >= 0; end = text.indexOf("\n")) {
        replies.push(JSON.parse(text.slice(0, end)) as JsonRpcMessage);
        text = text.slice(end + 1);
      }
      return 0;
    },
  };
  const { server, held, release } = echoServer();
  const transport = new StdioTransport(stdin, stdout);
  await server.connect(transport);
  const replyTo = async (id: number) => {
    for (let i = 0; i < 200; i++) {
      const reply = replies.find((r) => r.id === id);
      if (reply) return reply;
      await Bun.sleep(2);
    }
    throw new Error(`no reply to ${id}`);
  };
  return { input, transport, server, replies, replyTo, held, release };
}

describe("the MCP tool server", () => {
  test("the SDK's client initializes, lists and calls over it", async () => {
    const { server } = echoServer();
    const client = new Client({ name: "claude-code", version: "2.1.332" });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(a), client.connect(b)]);
    expect(server.getClientVersion()).toEqual({ name: "claude-code", version: "2.1.332" });
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["echo"]);
    const result = await client.callTool({ name: "echo", arguments: { say: "hi" } });
    expect(result.content).toEqual([{ type: "text", text: '{"name":"echo","arguments":{"say":"hi"}}' }]);
    await client.ping();
    await client.close();
  });

  test("a version it does not know is answered with the latest; a known one is kept", async () => {
    const { input, replyTo } = await overStdio();
    const init = (id: number, protocolVersion: string) =>
      input.write(
        `${JSON.stringify({ jsonrpc: "2.0", id, method: "initialize", params: { protocolVersion, capabilities: {}, clientInfo: { name: "c", version: "1" } } })}\n`,
      );
    init(1, "2099-01-01");
    init(2, "2025-06-18");
    expect(((await replyTo(1)).result as { protocolVersion: string }).protocolVersion).toBe("2025-11-25");
    const known = (await replyTo(2)).result as Record<string, unknown>;
    expect(known).toEqual({
      protocolVersion: "2025-06-18",
      capabilities: { tools: {} },
      serverInfo: { name: "hud", version: "0.1.0" },
    });
  });

  test("lines split across reads, CRLF endings and a line that is not JSON: the rest is still answered", async () => {
    const { input, replyTo, replies } = await overStdio();
    const line = JSON.stringify({ jsonrpc: "2.0", id: 7, method: "ping" });
    input.write("not json\n");
    input.write(line.slice(0, 10));
    input.write(`${line.slice(10)}\r\n`);
    expect(await replyTo(7)).toEqual({ jsonrpc: "2.0", id: 7, result: {} });
    expect(replies).toHaveLength(1);
  });

  test("an unknown method, a call without a name and a handler's throw are JSON-RPC errors", async () => {
    const { input, replyTo } = await overStdio();
    const send = (id: number, method: string, params?: object) =>
      input.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    send(1, "resources/list");
    send(2, "tools/call", { arguments: {} });
    send(3, "tools/call", { name: "echo", arguments: { throw: true } });
    expect((await replyTo(1)).error).toEqual({ code: -32601, message: "Method not found" });
    expect(((await replyTo(2)).error as { code: number }).code).toBe(-32602);
    expect((await replyTo(3)).error).toEqual({ code: -32603, message: "the handler broke" });
  });

  test("a cancelled call gets no answer; the next one does", async () => {
    const { input, replyTo, replies, held, release } = await overStdio();
    const send = (body: object) => input.write(`${JSON.stringify({ jsonrpc: "2.0", ...body })}\n`);
    send({ id: 1, method: "tools/call", params: { name: "echo", arguments: { hold: true } } });
    await held;
    send({ method: "notifications/cancelled", params: { requestId: 1 } });
    send({ id: 2, method: "ping" });
    await replyTo(2);
    release();
    // the held call returns before the third request is read: its answer, had it one, would come first
    send({ id: 3, method: "ping" });
    await replyTo(3);
    expect(replies.map((r) => r.id)).toEqual([2, 3]);
  });

  test("the host closing stdin settles `ended`; a transport its server closed does not", async () => {
    const { input, transport } = await overStdio();
    let ended = false;
    void transport.ended.then(() => (ended = true));
    input.end();
    await transport.ended;
    expect(ended).toBe(true);

    const closed = await overStdio();
    let closedEnded = false;
    void closed.transport.ended.then(() => (closedEnded = true));
    // close returns once the read loop has ended: `ended` would have settled before it
    await closed.transport.close();
    expect(closedEnded).toBe(false);
  });
});
