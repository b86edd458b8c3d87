/**
 * A scripted Gemini API for the real Gemini CLI binary. Every request is recorded. The agent loop's
 * `:streamGenerateContent` requests consume the script queue in order; the helper calls Gemini CLI makes with
 * `:generateContent` (the model router per prompt, the compression's summary and its check) are answered on
 * their own, so they never eat a scripted turn. Usage is reported as a provider would: `cachedContentTokenCount`
 * is the longest prefix the request shares with an earlier one, in chars/4 tokens; a reply may set the prompt's
 * count (a high one makes Gemini CLI compress its history before the next call).
 */
import { Waiters } from "./waiters.ts";

export type GeminiPart = {
  text?: string;
  functionCall?: { name: string; args?: unknown; id?: string };
  functionResponse?: { name: string; response?: unknown; id?: string };
  thought?: boolean;
  [k: string]: unknown;
};
export type GeminiContent = { role?: string; parts?: GeminiPart[] };
export type GenerateBody = {
  contents?: GeminiContent[];
  systemInstruction?: GeminiContent | string;
  tools?: unknown[];
  generationConfig?: { responseMimeType?: string; [k: string]: unknown };
  [k: string]: unknown;
};

export type Usage = {
  /** `promptTokenCount` to report (default: the request's size); half the model's window triggers compression. */
  promptTokens?: number;
  outputTokens?: number;
};
export type FunctionCallScript = { name: string; args: unknown };
export type Reply = ({ text: string } & Usage) | ({ calls: FunctionCallScript[]; text?: string } & Usage);

/** `agent`: the loop's streamed call; `helper`: a `:generateContent` call (router, compression). */
export type RequestKind = "agent" | "helper" | "other";
export type RecordedRequest = {
  index: number;
  kind: RequestKind;
  path: string;
  model: string;
  at: number;
  body: GenerateBody;
  reply?: Reply;
  usage?: { promptTokenCount: number; cachedContentTokenCount: number; candidatesTokenCount: number };
};

/** The summary the fake gives a compression: Gemini CLI puts it in a `<state_snapshot>`. */
export const SNAPSHOT_TEXT = "fake state snapshot of the conversation";

export function textOfContent(content: GeminiContent | undefined): string {
  return (content?.parts ?? []).map((part) => (typeof part.text === "string" ? part.text : "")).join("");
}

/** Every text of a content: its texts, function calls' arguments and function responses. */
export function allTextOfContent(content: GeminiContent | undefined): string {
  return (content?.parts ?? [])
    .map((part) => {
      if (typeof part.text === "string") return part.text;
      if (part.functionCall) return JSON.stringify(part.functionCall.args ?? {});
      if (part.functionResponse) return JSON.stringify(part.functionResponse.response ?? {});
      return "";
    })
    .join("\n");
}

/** The request as the ordered units a provider caches over: tools, system instruction, then each content's parts. */
export function prefixUnits(body: GenerateBody): string[] {
  const units = [`tools:${JSON.stringify(body.tools ?? [])}`, `system:${JSON.stringify(body.systemInstruction ?? "")}`];
  (body.contents ?? []).forEach((content, index) => {
    for (const part of content.parts ?? []) units.push(`${index}:${content.role}:${JSON.stringify(part)}`);
  });
  return units;
}

export function sharedPrefix(units: string[], earlier: string[]): number {
  let shared = 0;
  while (shared < units.length && shared < earlier.length && units[shared] === earlier[shared]) shared++;
  return shared;
}

const tokens = (units: string[]) => units.reduce((sum, unit) => sum + Math.ceil(unit.length / 4), 0);

export class FakeGemini {
  readonly requests: RecordedRequest[] = [];
  readonly unknownPaths: string[] = [];
  private readonly queue: Reply[] = [];
  private readonly waiters = new Waiters();
  private readonly seen: string[][] = [];
  private server: ReturnType<typeof Bun.serve> | undefined;
  private counter = 0;

  constructor(private readonly options: { defaultText?: string } = {}) {}

  start(): this {
    this.server = Bun.serve({ hostname: "127.0.0.1", port: 0, idleTimeout: 0, fetch: (req) => this.handle(req) });
    return this;
  }

  /** What GOOGLE_GEMINI_BASE_URL is set to. */
  get url(): string {
    if (!this.server) throw new Error("fake Gemini API not started: call start() first");
    return `http://127.0.0.1:${this.server.port}`;
  }

  /** Queue replies for the next agent calls (FIFO). Unscripted agent calls get a short text reply. */
  script(...replies: Reply[]): this {
    this.queue.push(...replies);
    return this;
  }

  get pending(): number {
    return this.queue.length;
  }

  agentRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.kind === "agent");
  }

  helperRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.kind === "helper");
  }

  waitFor(predicate: (requests: RecordedRequest[]) => boolean, timeoutMs = 60_000, what = "condition"): Promise<void> {
    return this.waiters.waitFor(
      () => predicate(this.requests),
      timeoutMs,
      () => `fake Gemini API: timed out after ${timeoutMs} ms waiting for ${what}`,
    );
  }

  stop(): void {
    this.server?.stop(true);
    this.server = undefined;
  }

  private async handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const match = /\/models\/([^/:]+):(streamGenerateContent|generateContent|countTokens)$/.exec(url.pathname);
    const raw = req.method === "POST" ? await req.text() : "";
    let body: GenerateBody = {};
    try {
      body = raw ? (JSON.parse(raw) as GenerateBody) : {};
    } catch {
      body = {};
    }
    const kind: RequestKind =
      match?.[2] === "streamGenerateContent" ? "agent" : match?.[2] === "generateContent" ? "helper" : "other";
    const record: RecordedRequest = {
      index: this.counter++,
      kind,
      path: url.pathname,
      model: match?.[1] ?? "",
      at: Date.now(),
      body,
    };
    this.requests.push(record);
    if (match?.[2] === "countTokens") {
      this.waiters.notify();
      return Response.json({ totalTokens: tokens(prefixUnits(body)) });
    }
    if (kind === "other") {
      this.unknownPaths.push(`${req.method} ${url.pathname}`);
      this.waiters.notify();
      return Response.json({ error: { code: 404, message: `no ${url.pathname} here` } }, { status: 404 });
    }
    const units = prefixUnits(body);
    const reply = kind === "agent" ? (this.queue.shift() ?? { text: this.options.defaultText ?? "ok" }) : helper(body);
    record.reply = reply;
    const shared = kind === "agent" ? Math.max(0, ...this.seen.map((earlier) => sharedPrefix(units, earlier))) : 0;
    if (kind === "agent") this.seen.push(units);
    const cached = tokens(units.slice(0, shared));
    record.usage = {
      promptTokenCount: reply.promptTokens ?? tokens(units),
      cachedContentTokenCount: cached,
      candidatesTokenCount: reply.outputTokens ?? 10,
    };
    this.waiters.notify();
    const response = answer(record.model, reply, record.usage);
    if (kind === "helper") return Response.json(response);
    return new Response(sse(response), {
      headers: { "content-type": "text/event-stream", "cache-control": "no-cache" },
    });
  }
}

/** A helper call: the router asks for JSON, a compression for its snapshot (and then checks it). */
function helper(body: GenerateBody): Reply {
  if (body.generationConfig?.responseMimeType === "application/json")
    return { text: JSON.stringify({ reasoning: "a simple task", model_choice: "flash" }), promptTokens: 100 };
  return { text: `<state_snapshot>\n${SNAPSHOT_TEXT}\n</state_snapshot>`, promptTokens: 1000 };
}

function answer(model: string, reply: Reply, usage: NonNullable<RecordedRequest["usage"]>) {
  const parts: GeminiPart[] = [];
  if (reply.text !== undefined) parts.push({ text: reply.text });
  if ("calls" in reply)
    for (const call of reply.calls) parts.push({ functionCall: { name: call.name, args: call.args } });
  return {
    candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }],
    usageMetadata: { ...usage, totalTokenCount: usage.promptTokenCount + usage.candidatesTokenCount },
    modelVersion: model,
  };
}

/** The answer as SSE chunks: the text in a few pieces, the calls and the usage in the last chunk. */
function sse(response: ReturnType<typeof answer>): ReadableStream<Uint8Array> {
  const parts = response.candidates[0]!.content.parts;
  const text = parts.find((p) => p.text !== undefined)?.text ?? "";
  const calls = parts.filter((p) => p.functionCall);
  const size = Math.max(1, Math.ceil(text.length / 3));
  const chunks: unknown[] = [];
  for (let i = 0; i < text.length; i += size)
    chunks.push({ candidates: [{ content: { role: "model", parts: [{ text: text.slice(i, i + size) }] }, index: 0 }] });
  chunks.push({
    candidates: [
      { content: { role: "model", parts: calls.length ? calls : [{ text: "" }] }, finishReason: "STOP", index: 0 },
    ],
    usageMetadata: response.usageMetadata,
    modelVersion: response.modelVersion,
  });
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(`data: ${JSON.stringify(chunk)}\n\n`));
      controller.close();
    },
  });
}
