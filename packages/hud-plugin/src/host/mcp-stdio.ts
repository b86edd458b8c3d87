// The MCP side of the `hud` servers (Claude Code, Codex CLI, Gemini CLI): the part of the protocol a tools-only
// server speaks, JSON-RPC 2.0 over newline-delimited stdio. The SDK's `Server` answered the same requests the
// same way, but loading it (zod for every message type, ajv, the SDK's classes) cost each server process
// ~10 MiB of resident memory (24 MiB imported alone) for four methods; its `Transport` shape is kept, so the
// SDK's client still connects to this server in the tests.
import { afterWork } from "../hook-process/lean-heap.ts";

/** The protocol versions the SDK (1.32) negotiated; a client asking for another gets the latest. */
const SUPPORTED_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05", "2024-10-07"];

const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;

type Id = string | number;
export type JsonRpcMessage = {
  jsonrpc: "2.0";
  id?: Id;
  method?: string;
  params?: Record<string, unknown>;
  result?: unknown;
  error?: unknown;
};

/** The SDK's `Transport` interface, as far as a server uses it (method syntax: the SDK's message type is narrower). */
export type Transport = {
  start(): Promise<void>;
  send(message: JsonRpcMessage): Promise<void>;
  close(): Promise<void>;
  onmessage?(message: JsonRpcMessage): void;
  onclose?(): void;
  onerror?(error: Error): void;
};

export type Tool = { name: string; description?: string; inputSchema: { type: "object" } & Record<string, unknown> };
export type ToolResult = { content: Array<{ type: "text"; text: string }>; isError?: boolean };
export type CallToolRequest = { params: { name: string; arguments?: Record<string, unknown> } };
type Handlers = {
  "tools/list": () => Promise<{ tools: Tool[] }>;
  "tools/call": (request: CallToolRequest) => Promise<ToolResult>;
};

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A server of tools: `initialize`, `ping`, `tools/list`, `tools/call`; any other request is "Method not found". */
export class ToolServer {
  onclose?: () => void;
  private clientInfo: { name: string; version: string } | undefined;
  private transport: Transport | undefined;
  private readonly pending = new Set<Id>();
  private readonly cancelled = new Set<Id>();
  private readonly handlers: Partial<Handlers> = {};

  constructor(private readonly info: { name: string; version: string }) {}

  setRequestHandler<M extends keyof Handlers>(method: M, handler: Handlers[M]): void {
    this.handlers[method] = handler;
  }

  /** The client's name and version from its `initialize` (undefined before it). */
  getClientVersion(): { name: string; version: string } | undefined {
    return this.clientInfo;
  }

  async connect(transport: Transport): Promise<void> {
    this.transport = transport;
    transport.onmessage = (message) => this.receive(message);
    transport.onclose = () => {
      this.transport = undefined;
      this.onclose?.();
    };
    await transport.start();
  }

  async close(): Promise<void> {
    await this.transport?.close();
  }

  private receive(message: JsonRpcMessage): void {
    if (typeof message.method !== "string") return; // a response: this server sends no requests
    if (message.id === undefined) {
      const cancelled = isRecord(message.params) ? (message.params["requestId"] as Id) : undefined;
      if (message.method === "notifications/cancelled" && this.pending.has(cancelled!)) this.cancelled.add(cancelled!);
      return;
    }
    const id = message.id;
    const transport = this.transport;
    this.pending.add(id);
    this.answer(message.method, message.params)
      .then(
        (result) => ({ jsonrpc: "2.0" as const, id, result }),
        (error: { code?: unknown; message?: string }) => ({
          jsonrpc: "2.0" as const,
          id,
          error: {
            code: Number.isSafeInteger(error.code) ? error.code : INTERNAL_ERROR,
            message: error.message ?? "Internal error",
          },
        }),
      )
      .then((reply) => {
        this.pending.delete(id);
        afterWork();
        // a cancelled request gets no answer, as the protocol asks
        if (this.cancelled.delete(id)) return;
        return transport?.send(reply);
      })
      .catch(() => {});
  }

  private async answer(method: string, params: Record<string, unknown> | undefined): Promise<unknown> {
    switch (method) {
      case "initialize": {
        const requested = params?.["protocolVersion"];
        if (!isRecord(params) || typeof requested !== "string" || !isRecord(params["clientInfo"]))
          throw new RpcError(INVALID_PARAMS, "Invalid initialize request");
        this.clientInfo = params["clientInfo"] as { name: string; version: string };
        return {
          protocolVersion: SUPPORTED_VERSIONS.includes(requested) ? requested : SUPPORTED_VERSIONS[0],
          capabilities: { tools: {} },
          serverInfo: this.info,
        };
      }
      case "ping":
        return {};
      case "tools/list":
        if (!this.handlers["tools/list"]) break;
        return this.handlers["tools/list"]();
      case "tools/call": {
        if (!this.handlers["tools/call"]) break;
        if (!isRecord(params) || typeof params["name"] !== "string")
          throw new RpcError(INVALID_PARAMS, "Invalid tools/call request: a tool name is required");
        const args = params["arguments"];
        if (args !== undefined && !isRecord(args))
          throw new RpcError(INVALID_PARAMS, "Invalid tools/call request: arguments must be an object");
        return this.handlers["tools/call"]({ params: { name: params["name"], arguments: args } });
      }
    }
    throw new RpcError(METHOD_NOT_FOUND, "Method not found");
  }
}

/** Where a server's answers go, a line at a time: `flush` is a promise while the host has not taken them yet. */
export type LineSink = { write(text: string): unknown; flush(): number | Promise<number> };

/**
 * Newline-delimited JSON-RPC on this process's stdin and stdout; a line that is not JSON is skipped. Both are
 * Bun's own streams, not node's: bun's `process.stdin` took a fresh 256 KiB buffer for every read, which the
 * collector did not count as pressure (+20 MiB over a session of 80 calls), and node's stream modules cost the
 * server ~1 MiB of resident memory more than Bun's stdin and stdout.
 */
export class StdioTransport implements Transport {
  onmessage?: (message: JsonRpcMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  /** Settles when the input ends: the host closed the server (`stopOnClose`). */
  readonly ended: Promise<void>;
  private ends = () => {};
  private reader?: { cancel(): Promise<void> };
  private reading?: Promise<void>;
  private buffer = "";
  private readonly decoder = new TextDecoder();

  constructor(
    private readonly input: ReadableStream<Uint8Array> = Bun.stdin.stream(),
    private readonly output: LineSink = Bun.stdout.writer(),
  ) {
    this.ended = new Promise((resolve) => (this.ends = resolve));
  }

  private ondata(chunk: Uint8Array) {
    this.buffer += this.decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = this.buffer.indexOf("\n")) >= 0) {
      const line = this.buffer.slice(0, end).replace(/\r$/, "");
      this.buffer = this.buffer.slice(end + 1);
      let message: unknown;
      try {
        message = JSON.parse(line);
      } catch (error) {
        this.onerror?.(error as Error);
        continue;
      }
      if (isRecord(message) && message["jsonrpc"] === "2.0") this.onmessage?.(message as JsonRpcMessage);
    }
  }

  async start(): Promise<void> {
    const reader = (this.reader = this.input.getReader());
    this.reading = (async () => {
      try {
        for (let next = await reader.read(); !next.done; next = await reader.read()) this.ondata(next.value);
      } catch (error) {
        // a read that failed is the end of the input, as the host sees it
        if (this.reader) this.onerror?.(error as Error);
      }
      // a transport closed by its server has not seen the host close the input
      if (this.reader) this.ends();
    })();
  }

  async send(message: JsonRpcMessage): Promise<void> {
    this.output.write(`${JSON.stringify(message)}\n`);
    await this.output.flush();
  }

  async close(): Promise<void> {
    const reader = this.reader;
    this.reader = undefined;
    await reader?.cancel();
    await this.reading;
    this.buffer = "";
    this.onclose?.();
  }
}
