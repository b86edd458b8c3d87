/**
 * A scripted OpenAI-compatible chat-completions server. Every request body is recorded; agent requests
 * consume the script queue in order, title and compaction requests are answered on their own so they
 * never eat a scripted turn.
 */
import { FakeServer, pieces, sseFrame, sseResponse, textOf } from "./fake-server.ts";

export { textOf };

export type Usage = { promptTokens?: number; completionTokens?: number };
export type ToolCallScript = { name: string; args: unknown; id?: string };
export type Reply =
  ({ text: string } & Usage) | ({ toolCalls: ToolCallScript[] } & Usage) | { error: number; message?: string };

export type RequestKind = "agent" | "title" | "compaction";
export type ChatMessage = { role: string; content: unknown; tool_calls?: unknown[]; tool_call_id?: string };
export type RecordedRequest = {
  index: number;
  kind: RequestKind;
  /** ms since epoch when the request arrived */
  at: number;
  body: {
    messages: ChatMessage[];
    tools?: Array<{ function: { name: string; parameters?: unknown } }>;
    [k: string]: unknown;
  };
  reply: Reply;
  /** Prompt tokens reported as read from the cache (only with the `cache` option). */
  cachedTokens?: number;
};

export type FakeLlmOptions = {
  defaultText?: string;
  defaultPromptTokens?: number;
  compactionSummary?: string;
  /**
   * Report cached tokens as a provider with prefix caching would (`usage.prompt_tokens_details.cached_tokens`):
   * the share of the prompt that is the longest prefix (tools, then messages, as serialized) this request
   * shares with an earlier one sent within `ttlMs`. Off by default: other tests see the usage they scripted.
   */
  cache?: { ttlMs?: number };
};

const TITLE_MARKER = "title generator";
// opencode 1.18's compaction agent; it sends the whole conversation serialized into one user message
const COMPACTION_MARKERS = ["context summarization agent", "summarizing conversations"];

/** The system prompt text of a request (all system messages joined). */
export function systemText(body: RecordedRequest["body"]): string {
  return body.messages
    .filter((m) => m.role === "system")
    .map((m) => textOf(m.content))
    .join("\n");
}

export function classify(body: RecordedRequest["body"]): RequestKind {
  const system = systemText(body);
  if (system.includes(TITLE_MARKER)) return "title";
  if (COMPACTION_MARKERS.some((marker) => system.includes(marker))) return "compaction";
  return "agent";
}

export class FakeLlm extends FakeServer<RecordedRequest, Reply> {
  private readonly sent: Array<{ at: number; text: string }> = [];

  constructor(private readonly options: FakeLlmOptions = {}) {
    super("fake LLM", "/v1");
  }

  protected async handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    if (req.method !== "POST" || !url.pathname.endsWith("/chat/completions"))
      return new Response(JSON.stringify({ error: { message: `unsupported ${req.method} ${url.pathname}` } }), {
        status: 404,
      });
    const body = (await req.json()) as RecordedRequest["body"];
    const kind = classify(body);
    const reply = this.nextReply(kind);
    const at = Date.now();
    const cachedTokens = "error" in reply ? undefined : this.cached(body, at, reply.promptTokens ?? 1000);
    this.record({ kind, at, body, reply, ...(cachedTokens !== undefined ? { cachedTokens } : {}) });
    this.notify();
    if ("error" in reply)
      return new Response(
        JSON.stringify({ error: { message: reply.message ?? "scripted failure", type: "server_error" } }),
        {
          status: reply.error,
          headers: { "content-type": "application/json" },
        },
      );
    if (body.stream === false) return Response.json(completion(reply, cachedTokens));
    return sseResponse(frames(reply, cachedTokens));
  }

  /** The cached part of this request's prompt, in tokens, with the `cache` option; undefined without it. */
  private cached(body: RecordedRequest["body"], at: number, promptTokens: number): number | undefined {
    if (!this.options.cache) return undefined;
    const text = JSON.stringify(body.tools ?? []) + JSON.stringify(body.messages);
    const ttl = this.options.cache.ttlMs ?? Number.POSITIVE_INFINITY;
    let longest = 0;
    for (const earlier of this.sent)
      if (at - earlier.at <= ttl) longest = Math.max(longest, sharedPrefix(earlier.text, text));
    this.sent.push({ at, text });
    return Math.floor((promptTokens * longest) / text.length);
  }

  private nextReply(kind: RequestKind): Reply {
    if (kind === "title") return { text: "Scripted session", promptTokens: 50 };
    if (kind === "compaction")
      return { text: this.options.compactionSummary ?? "Summary of the conversation so far.", promptTokens: 1000 };
    return (
      this.queue.shift() ?? {
        text: this.options.defaultText ?? "ok",
        promptTokens: this.options.defaultPromptTokens ?? 1000,
      }
    );
  }
}

function sharedPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

function usageOf(reply: Usage, cachedTokens?: number) {
  const prompt = reply.promptTokens ?? 1000;
  const completion = reply.completionTokens ?? 10;
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    ...(cachedTokens !== undefined ? { prompt_tokens_details: { cached_tokens: cachedTokens } } : {}),
  };
}

function completion(reply: Exclude<Reply, { error: number }>, cachedTokens?: number) {
  const message =
    "text" in reply
      ? { role: "assistant", content: reply.text }
      : { role: "assistant", content: null, tool_calls: reply.toolCalls.map((c, i) => toolCallOf(c, i)) };
  return {
    id: "chatcmpl-fake",
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: "m",
    choices: [{ index: 0, message, finish_reason: "text" in reply ? "stop" : "tool_calls" }],
    usage: usageOf(reply, cachedTokens),
  };
}

function toolCallOf(call: ToolCallScript, index: number) {
  return {
    id: call.id ?? `call_${index}_${Math.random().toString(36).slice(2, 10)}`,
    type: "function",
    function: { name: call.name, arguments: typeof call.args === "string" ? call.args : JSON.stringify(call.args) },
  };
}

function frames(reply: Exclude<Reply, { error: number }>, cachedTokens?: number): string[] {
  const base = {
    id: "chatcmpl-fake",
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model: "m",
  };
  const chunks: unknown[] = [
    { ...base, choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }] },
  ];
  if ("text" in reply) {
    for (const piece of pieces(reply.text))
      chunks.push({ ...base, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] });
    chunks.push({ ...base, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] });
  } else {
    reply.toolCalls.forEach((call, index) => {
      const full = toolCallOf(call, index);
      chunks.push({
        ...base,
        choices: [
          {
            index: 0,
            delta: {
              tool_calls: [
                { index, id: full.id, type: "function", function: { name: full.function.name, arguments: "" } },
              ],
            },
            finish_reason: null,
          },
        ],
      });
      for (const piece of pieces(full.function.arguments))
        chunks.push({
          ...base,
          choices: [
            { index: 0, delta: { tool_calls: [{ index, function: { arguments: piece } }] }, finish_reason: null },
          ],
        });
    });
    chunks.push({ ...base, choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }] });
  }
  chunks.push({ ...base, choices: [], usage: usageOf(reply, cachedTokens) });
  return [...chunks.map((chunk) => sseFrame(chunk)), sseFrame("[DONE]")];
}
