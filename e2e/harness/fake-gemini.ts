/**
 * A scripted Gemini API for the real Gemini CLI binary. Every request is recorded. The agent loop's
 * `:streamGenerateContent` requests consume the script queue in order; the helper calls Gemini CLI makes with
 * `:generateContent` (the model router per prompt, the compression's summary and its check) are answered on
 * their own, so they never eat a scripted turn. Usage is reported as a provider would: `cachedContentTokenCount`
 * is the longest prefix the request shares with an earlier one, in chars/4 tokens; a reply may set the prompt's
 * count (a high one makes Gemini CLI compress its history before the next call).
 */
import { FakeServer, type RecordedBase, readBody, sharedPrefix, sseFrame, sseResponse } from "./fake-server.ts";

export { sharedPrefix };

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
export type RecordedRequest = RecordedBase<RequestKind, GenerateBody> & {
  model: string;
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

const tokens = (units: string[]) => units.reduce((sum, unit) => sum + Math.ceil(unit.length / 4), 0);

export class FakeGemini extends FakeServer<RecordedRequest, Reply> {
  private readonly seen: string[][] = [];

  /** `url` is what GOOGLE_GEMINI_BASE_URL is set to. */
  constructor(private readonly options: { defaultText?: string } = {}) {
    super("fake Gemini API");
  }

  helperRequests(): RecordedRequest[] {
    return this.ofKind("helper");
  }

  protected async handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const match = /\/models\/([^/:]+):(streamGenerateContent|generateContent|countTokens)$/.exec(url.pathname);
    const body = (await readBody<GenerateBody>(req)).body ?? {};
    const kind: RequestKind =
      match?.[2] === "streamGenerateContent" ? "agent" : match?.[2] === "generateContent" ? "helper" : "other";
    const record = this.record({ kind, path: url.pathname, model: match?.[1] ?? "", body });
    if (match?.[2] === "countTokens") {
      this.notify();
      return Response.json({ totalTokens: tokens(prefixUnits(body)) });
    }
    if (kind === "other") {
      this.unknown(req, url.pathname);
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
    this.notify();
    const response = answer(record.model, reply, record.usage);
    if (kind === "helper") return Response.json(response);
    return sseResponse(frames(response));
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
function frames(response: ReturnType<typeof answer>): string[] {
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
  return chunks.map((chunk) => sseFrame(chunk));
}
