/**
 * A scripted OpenAI Responses API for the real Codex CLI binary (`POST /v1/responses`, streamed as SSE).
 * Every request is recorded; agent requests consume the script queue in order, and Codex's local compaction
 * request (tool-less, its input ending in the checkpoint instructions) is answered on its own with a
 * summary, so it never eats a scripted turn. Usage is what the script says, else a rough count of the input.
 */
import { FakeServer, type RecordedBase, readBody, sseFrame, sseResponse, textOf } from "./fake-server.ts";

export { textOf };

export type Usage = {
  /** Input tokens to report; at or past Codex's `model_auto_compact_token_limit` it compacts next. */
  inputTokens?: number;
  cachedTokens?: number;
  outputTokens?: number;
};
export type FunctionCallScript = { name: string; args: unknown; callId?: string; namespace?: string };
/** An output item sent as written (a tool_search call, whose shape is Codex's own). */
export type RawItem = Record<string, unknown>;
export type Reply =
  | ({ text: string } & Usage)
  | ({ calls: Array<FunctionCallScript | { raw: RawItem }>; text?: string } & Usage)
  | { error: number; message?: string };

/** A reply, or one made from the request it answers (an id an earlier answer of the host gave, say). */
export type Scripted = Reply | ((body: ResponsesBody) => Reply);

export type RequestKind = "agent" | "compaction" | "other";
export type InputItem = { type?: string; role?: string; content?: unknown; [k: string]: unknown };
export type ResponsesBody = {
  model?: string;
  input: InputItem[];
  tools?: Array<Record<string, unknown>>;
  stream?: boolean;
  [k: string]: unknown;
};
export type RecordedRequest = RecordedBase<RequestKind, ResponsesBody> & {
  /** What the answer reported: input tokens (cached ones included) and the cached part. */
  usage?: { input: number; cached: number };
};

/** Codex's local compaction request ends with this instruction. */
export const COMPACTION_MARKER = "CONTEXT CHECKPOINT COMPACTION";

/** Every text of an input item: a message's parts, a call's arguments, a call output. */
export function itemText(item: InputItem): string {
  if (item.content !== undefined) return textOf(item.content);
  if (typeof item["arguments"] === "string") return item["arguments"];
  const output = item["output"];
  if (typeof output === "string") return output;
  return output === undefined ? "" : JSON.stringify(output);
}

/** The `developer` messages of a request, in order (Codex's system prompt is the first). */
export function developerTexts(body: ResponsesBody): string[] {
  return body.input.filter((i) => i.type === "message" && i.role === "developer").map((i) => textOf(i.content));
}

export function classify(path: string, body: ResponsesBody | undefined): RequestKind {
  if (!path.endsWith("/responses") || !body) return "other";
  const last = body.input.at(-1);
  if (last && itemText(last).includes(COMPACTION_MARKER)) return "compaction";
  return "agent";
}

export class FakeOpenAI extends FakeServer<RecordedRequest, Scripted> {
  /** Replies for the agent requests a predicate picks (a sub-agent's thread), taken before the queue. */
  private readonly routed: Array<{ match: (body: ResponsesBody) => boolean; reply: Scripted }> = [];

  /** `url` is the provider's `base_url`. */
  constructor(private readonly options: { summary?: string; defaultText?: string } = {}) {
    super("fake Responses API", "/v1");
  }

  /**
   * Queues replies for the agent requests `match` picks, in order: a thread that runs beside another (a
   * sub-agent) would otherwise take the next scripted reply of whichever request arrives first.
   */
  route(match: (body: ResponsesBody) => boolean, ...replies: Scripted[]): this {
    this.routed.push(...replies.map((reply) => ({ match, reply })));
    return this;
  }

  protected async handle(req: Request): Promise<Response> {
    const path = new URL(req.url).pathname;
    const { raw, body } = await readBody<ResponsesBody>(req);
    const kind = classify(path, body);
    const recorded = this.record({ kind, path, body: body ?? { input: [] } });
    if (kind === "other") {
      this.unknown(req, path);
      return Response.json({ error: { message: `no ${path} here` } }, { status: 404 });
    }
    const scripted: Scripted =
      kind === "compaction"
        ? { text: this.options.summary ?? "Summary of the conversation so far.", inputTokens: 1000 }
        : (this.takeRouted(body!) ?? this.queue.shift() ?? { text: this.options.defaultText ?? "ok" });
    const reply = typeof scripted === "function" ? scripted(body!) : scripted;
    this.notify();
    if ("error" in reply)
      return Response.json({ error: { message: reply.message ?? "scripted failure" } }, { status: reply.error });
    const input = reply.inputTokens ?? Math.ceil(raw.length / 4);
    recorded.usage = { input, cached: reply.cachedTokens ?? 0 };
    const usage = {
      input_tokens: input,
      input_tokens_details: { cached_tokens: reply.cachedTokens ?? 0 },
      output_tokens: reply.outputTokens ?? 10,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: input + (reply.outputTokens ?? 10),
    };
    return sseResponse(frames(body?.model ?? "gpt-5.5", reply, usage));
  }

  private takeRouted(body: ResponsesBody): Scripted | undefined {
    const at = this.routed.findIndex((r) => r.match(body));
    return at < 0 ? undefined : this.routed.splice(at, 1)[0]!.reply;
  }
}

let ids = 0;

function frames(model: string, reply: Exclude<Reply, { error: number }>, usage: unknown): string[] {
  const id = `resp_fake${++ids}`;
  const events: Array<Record<string, unknown>> = [
    { type: "response.created", response: { id, object: "response", model, status: "in_progress", output: [] } },
  ];
  const output: RawItem[] = [];
  const add = (item: RawItem, streamed: (index: number, itemId: string) => void) => {
    const index = output.length;
    const itemId = String(item["id"]);
    events.push({ type: "response.output_item.added", output_index: index, item: { ...item, status: "in_progress" } });
    streamed(index, itemId);
    events.push({ type: "response.output_item.done", output_index: index, item });
    output.push(item);
  };
  if (reply.text !== undefined) {
    const text = reply.text;
    add(
      {
        type: "message",
        id: `msg_fake${++ids}`,
        role: "assistant",
        status: "completed",
        content: [{ type: "output_text", text, annotations: [] }],
      },
      (index, itemId) =>
        events.push({
          type: "response.output_text.delta",
          item_id: itemId,
          output_index: index,
          content_index: 0,
          delta: text,
        }),
    );
  }
  if ("calls" in reply)
    for (const call of reply.calls) {
      if ("raw" in call) {
        add({ id: `item_fake${++ids}`, ...call.raw }, () => {});
        continue;
      }
      const args = JSON.stringify(call.args);
      add(
        {
          type: "function_call",
          id: `fc_fake${++ids}`,
          call_id: call.callId ?? `call_fake${ids}`,
          name: call.name,
          ...(call.namespace ? { namespace: call.namespace } : {}),
          arguments: args,
          status: "completed",
        },
        (index, itemId) => {
          events.push({
            type: "response.function_call_arguments.delta",
            item_id: itemId,
            output_index: index,
            delta: args,
          });
          events.push({
            type: "response.function_call_arguments.done",
            item_id: itemId,
            output_index: index,
            arguments: args,
          });
        },
      );
    }
  events.push({
    type: "response.completed",
    response: { id, object: "response", model, status: "completed", output, usage },
  });
  return events.map((event) => sseFrame(event, String(event["type"])));
}
