/**
 * A scripted Anthropic Messages API for the real Claude Code binary. Every request is recorded; main-loop
 * (and sub-agent) requests consume the script queue in order, and Claude Code's compaction request is
 * answered on its own with a `<summary>`, so it never eats a scripted turn. Usage is reported as a provider
 * would: `cache_read_input_tokens` is the longest prefix the request shares with an earlier one, read with
 * Claude Code's cache_control markers ignored.
 */
import { bpeTokenizer } from "@agent-hud/hud-components/o200k";
import { FakeServer, type RecordedBase, pieces, readBody, sharedPrefix, sseFrame, sseResponse } from "./fake-server.ts";

export { sharedPrefix };

export type Usage = {
  /** Uncached input tokens to report; a value ≥ 96,000 with CLAUDE_CODE_AUTO_COMPACT_WINDOW=100000 makes Claude Code compact next. */
  inputTokens?: number;
  outputTokens?: number;
  /** Milliseconds the answer waits before it streams, as a slow model's would. */
  delayMs?: number;
};
export type ToolUseScript = { name: string; input: unknown; id?: string };
export type Reply =
  | ({ text: string } & Usage)
  | ({ toolUses: ToolUseScript[]; text?: string } & Usage)
  | { error: number; message?: string };

export type RequestKind = "agent" | "compaction" | "count_tokens" | "other";
export type ContentBlock = { type: string; text?: string; cache_control?: unknown; [k: string]: unknown };
export type Message = { role: string; content: string | ContentBlock[] };
export type MessagesBody = {
  model?: string;
  system?: string | ContentBlock[];
  tools?: Array<{ name: string; [k: string]: unknown }>;
  messages: Message[];
  stream?: boolean;
  [k: string]: unknown;
};
export type RecordedRequest = RecordedBase<RequestKind, MessagesBody> & {
  reply?: Reply;
  usage?: { input_tokens: number; cache_read_input_tokens: number; cache_creation_input_tokens: number };
};

export type FakeAnthropicOptions = {
  defaultText?: string;
  summary?: string;
  /** A provider's cache lifetime: an earlier request older than this is no longer read from. Default: forever. */
  cacheTtlMs?: number;
};

/** Claude Code's summary request: its latest user message starts the summary instructions with this. */
export const COMPACTION_MARKER = "CRITICAL: Respond with TEXT ONLY";

export function textOf(content: Message["content"] | undefined): string {
  if (content === undefined) return "";
  if (typeof content === "string") return content;
  return content.map((block) => (typeof block.text === "string" ? block.text : "")).join("");
}

/** Every text a message holds, tool results included (their content may be a string or blocks). */
export function allTextOf(message: Message): string {
  if (typeof message.content === "string") return message.content;
  return message.content
    .map((block) => {
      if (typeof block.text === "string") return block.text;
      if (block.type === "tool_result") {
        const inner = block.content as Message["content"] | undefined;
        return textOf(inner);
      }
      if (block.type === "tool_use") return JSON.stringify(block.input);
      return "";
    })
    .join("\n");
}

function latestUserText(body: MessagesBody): string {
  const user = body.messages.findLast((m) => m.role === "user");
  return user ? allTextOf(user) : "";
}

export function classify(path: string, body: MessagesBody | undefined): RequestKind {
  if (path.endsWith("/count_tokens")) return "count_tokens";
  if (!path.endsWith("/v1/messages") || !body) return "other";
  if (latestUserText(body).includes(COMPACTION_MARKER)) return "compaction";
  return "agent";
}

function withoutCacheControl(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutCacheControl);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== "cache_control")
        .map(([key, inner]) => [key, withoutCacheControl(inner)]),
    );
  return value;
}

function blocks(content: string | ContentBlock[] | undefined): unknown[] {
  if (content === undefined) return [];
  // a string content is the one text block it stands for
  if (typeof content === "string") return [{ type: "text", text: content }];
  return content.map(withoutCacheControl);
}

/**
 * The request as the ordered units a provider caches over: the tools, each system block, then each message's
 * blocks tagged with its role. cache_control markers are dropped, so moving Claude Code's rolling marker to
 * the newest message changes no unit.
 */
export function prefixUnits(body: MessagesBody): string[] {
  const units = [`tools:${JSON.stringify(withoutCacheControl(body.tools ?? []))}`];
  for (const block of blocks(body.system)) units.push(`system:${JSON.stringify(block)}`);
  body.messages.forEach((message, index) => {
    for (const block of blocks(message.content)) units.push(`${index}:${message.role}:${JSON.stringify(block)}`);
  });
  return units;
}

export class FakeAnthropic extends FakeServer<RecordedRequest, Reply> {
  /** Tokens per unit already counted: a request repeats the tools, the system and the earlier messages. */
  private readonly counted = new Map<string, number>();
  private readonly seen: Array<{ at: number; units: string[] }> = [];

  /** `url` is what ANTHROPIC_BASE_URL is set to. */
  constructor(private readonly options: FakeAnthropicOptions = {}) {
    super("fake Anthropic API");
  }

  private tokens(units: string[]): number {
    let sum = 0;
    for (const unit of units) {
      let n = this.counted.get(unit);
      if (n === undefined) this.counted.set(unit, (n = bpeTokenizer.count(unit)));
      sum += n;
    }
    return sum;
  }

  protected async handle(req: Request): Promise<Response> {
    const path = new URL(req.url).pathname;
    const { body } = await readBody<MessagesBody>(req);
    const kind = classify(path, body);
    const record = this.record({ kind, path, body: body ?? { messages: [] } });
    if (kind === "other") {
      this.unknown(req, path);
      return Response.json(
        { type: "error", error: { type: "not_found_error", message: `no ${path} here` } },
        { status: 404 },
      );
    }
    const units = prefixUnits(record.body);
    if (kind === "count_tokens") {
      this.notify();
      return Response.json({ input_tokens: this.tokens(units) });
    }
    const reply = this.nextReply(kind);
    record.reply = reply;
    if ("error" in reply) {
      this.notify();
      return Response.json(
        { type: "error", error: { type: "api_error", message: reply.message ?? "scripted failure" } },
        { status: reply.error },
      );
    }
    const ttl = this.options.cacheTtlMs ?? Number.POSITIVE_INFINITY;
    const live = this.seen.filter((earlier) => record.at - earlier.at <= ttl);
    const shared = Math.max(0, ...live.map((earlier) => sharedPrefix(units, earlier.units)));
    this.seen.push({ at: record.at, units });
    const cacheRead = this.tokens(units.slice(0, shared));
    record.usage = {
      input_tokens: reply.inputTokens ?? this.tokens(units.slice(shared)),
      cache_read_input_tokens: cacheRead,
      cache_creation_input_tokens: 0,
    };
    this.notify();
    if ("delayMs" in reply && reply.delayMs) await Bun.sleep(reply.delayMs);
    const message = assistantMessage(record.body.model ?? "claude-sonnet-4-5", reply, record.usage);
    if (!record.body.stream) return Response.json(message);
    return sseResponse(frames(message));
  }

  private nextReply(kind: RequestKind): Exclude<Reply, { error: number }> | Reply {
    if (kind === "compaction")
      return {
        text: `<summary>\n${this.options.summary ?? "Summary of the conversation so far."}\n</summary>`,
        inputTokens: 1000,
      };
    return this.queue.shift() ?? { text: this.options.defaultText ?? "ok" };
  }
}

type Block = { type: "text"; text: string } | { type: "tool_use"; id: string; name: string; input: unknown };
type AssistantMessage = {
  id: string;
  type: "message";
  role: "assistant";
  model: string;
  content: Block[];
  stop_reason: "end_turn" | "tool_use";
  stop_sequence: null;
  usage: NonNullable<RecordedRequest["usage"]> & { output_tokens: number };
};

let ids = 0;

function assistantMessage(
  model: string,
  reply: Exclude<Reply, { error: number }>,
  usage: NonNullable<RecordedRequest["usage"]>,
): AssistantMessage {
  const content: Block[] = [];
  if (reply.text !== undefined) content.push({ type: "text", text: reply.text });
  if ("toolUses" in reply)
    for (const use of reply.toolUses)
      content.push({ type: "tool_use", id: use.id ?? `toolu_fake${++ids}`, name: use.name, input: use.input });
  return {
    id: `msg_fake${++ids}`,
    type: "message",
    role: "assistant",
    model,
    content,
    stop_reason: "toolUses" in reply ? "tool_use" : "end_turn",
    stop_sequence: null,
    usage: { ...usage, output_tokens: reply.outputTokens ?? 10 },
  };
}

function frames(message: AssistantMessage): string[] {
  const events: Array<[string, unknown]> = [
    [
      "message_start",
      {
        type: "message_start",
        message: { ...message, content: [], stop_reason: null, usage: { ...message.usage, output_tokens: 1 } },
      },
    ],
  ];
  message.content.forEach((block, index) => {
    if (block.type === "text") {
      events.push([
        "content_block_start",
        { type: "content_block_start", index, content_block: { type: "text", text: "" } },
      ]);
      for (const piece of pieces(block.text))
        events.push([
          "content_block_delta",
          { type: "content_block_delta", index, delta: { type: "text_delta", text: piece } },
        ]);
    } else {
      events.push([
        "content_block_start",
        { type: "content_block_start", index, content_block: { ...block, input: {} } },
      ]);
      for (const piece of pieces(JSON.stringify(block.input)))
        events.push([
          "content_block_delta",
          { type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json: piece } },
        ]);
    }
    events.push(["content_block_stop", { type: "content_block_stop", index }]);
  });
  events.push([
    "message_delta",
    {
      type: "message_delta",
      delta: { stop_reason: message.stop_reason, stop_sequence: null },
      usage: { ...message.usage },
    },
  ]);
  events.push(["message_stop", { type: "message_stop" }]);
  return events.map(([event, data]) => sseFrame(data, event));
}
