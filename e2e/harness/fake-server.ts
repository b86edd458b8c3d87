/**
 * What every scripted model API shares: a local HTTP server, the recorded requests and the waits over them,
 * the queue of scripted replies, and the SSE response. Each fake (OpenAI chat, OpenAI Responses, Anthropic,
 * Gemini) extends it with its own request kinds, usage and wire shapes.
 */
import { Waiters } from "./waiters.ts";

/** What every fake records of a request, before its own fields (the reply, the usage it reported). */
export type RecordedBase<Kind extends string, Body> = {
  /** Arrival order, from 0. */
  index: number;
  kind: Kind;
  path: string;
  /** ms since epoch when the request arrived */
  at: number;
  body: Body;
};

export abstract class FakeServer<Recorded extends { kind: string }, Scripted> {
  readonly requests: Recorded[] = [];
  /** Paths the client asked for that the fake does not model, in arrival order. */
  readonly unknownPaths: string[] = [];
  protected readonly queue: Scripted[] = [];
  private readonly waiters = new Waiters();
  private server: ReturnType<typeof Bun.serve> | undefined;
  private counter = 0;

  /** `label` names the fake in errors; `basePath` is appended to the origin in `url`. */
  constructor(
    private readonly label: string,
    private readonly basePath = "",
  ) {}

  start(): this {
    this.server = Bun.serve({ hostname: "127.0.0.1", port: 0, idleTimeout: 0, fetch: (req) => this.handle(req) });
    return this;
  }

  /** The base URL the client under test is pointed at. */
  get url(): string {
    if (!this.server) throw new Error(`${this.label} not started: call start() first`);
    return `http://127.0.0.1:${this.server.port}${this.basePath}`;
  }

  /** Queue replies for the next agent requests (FIFO). Unscripted agent requests get a short text reply. */
  script(...replies: Scripted[]): this {
    this.queue.push(...replies);
    return this;
  }

  get pending(): number {
    return this.queue.length;
  }

  ofKind(kind: Recorded["kind"]): Recorded[] {
    return this.requests.filter((r) => r.kind === kind);
  }

  agentRequests(): Recorded[] {
    return this.ofKind("agent");
  }

  /** Resolves once `predicate` holds over the recorded requests; rejects after `timeoutMs`. */
  waitFor(predicate: (requests: Recorded[]) => boolean, timeoutMs = 60_000, what = "condition"): Promise<void> {
    return this.waiters.waitFor(
      () => predicate(this.requests),
      timeoutMs,
      () =>
        `${this.label}: timed out after ${timeoutMs} ms waiting for ${what} (${this.requests.length} requests seen)`,
    );
  }

  stop(): void {
    this.server?.stop(true);
    this.server = undefined;
  }

  protected abstract handle(req: Request): Promise<Response>;

  /** Records a request with its index (arrival order) and time (now, unless given). */
  protected record(fields: Omit<Recorded, "index" | "at"> & { at?: number }): Recorded {
    const recorded = { index: this.counter++, at: Date.now(), ...fields } as unknown as Recorded;
    this.requests.push(recorded);
    return recorded;
  }

  /** Wakes the waits: call once a request is recorded (and its usage set, if the test reads it). */
  protected notify(): void {
    this.waiters.notify();
  }

  /** Records a path the fake does not model. */
  protected unknown(req: Request, path: string): void {
    this.unknownPaths.push(`${req.method} ${path}`);
    this.notify();
  }
}

/** A POST's raw body and its JSON (undefined when empty or not JSON: the fake still records the request). */
export async function readBody<Body>(req: Request): Promise<{ raw: string; body: Body | undefined }> {
  const raw = req.method === "POST" ? await req.text() : "";
  try {
    return { raw, body: raw ? (JSON.parse(raw) as Body) : undefined };
  } catch {
    return { raw, body: undefined };
  }
}

/** One `data:` frame, optionally named by an `event:` line. */
export function sseFrame(data: unknown, event?: string): string {
  return `${event === undefined ? "" : `event: ${event}\n`}data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`;
}

/** A streamed answer made of the given frames, sent at once. */
export function sseResponse(frames: string[]): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const frame of frames) controller.enqueue(encoder.encode(frame));
      controller.close();
    },
  });
  return new Response(stream, { headers: { "content-type": "text/event-stream", "cache-control": "no-cache" } });
}

/** Splits a string into a few pieces so the client has to reassemble what streams. */
export function pieces(text: string, count = 3): string[] {
  if (text.length < count) return [text];
  const size = Math.ceil(text.length / count);
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** How many leading units `units` shares with `earlier`. */
export function sharedPrefix(units: string[], earlier: string[]): number {
  let shared = 0;
  while (shared < units.length && shared < earlier.length && units[shared] === earlier[shared]) shared++;
  return shared;
}

/** The text of an OpenAI-style content: a string, or the `text` of its parts joined. */
export function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content))
    return content
      .map((part) => (part && typeof part === "object" && "text" in part ? String(part.text) : ""))
      .join("");
  return "";
}
