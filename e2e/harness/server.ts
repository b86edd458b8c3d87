/** `opencode serve` as a child process plus a small typed HTTP client over its REST API. */
import type { Project } from "./opencode.ts";
import { OPENCODE_BIN, waitForLog } from "./opencode.ts";

export type MessagePart = {
  id: string;
  type: string;
  text?: string;
  tool?: string;
  synthetic?: boolean;
  state?: { status: string; input?: unknown; output?: string; error?: string };
  [k: string]: unknown;
};
export type MessageInfo = {
  id: string;
  role: "user" | "assistant";
  sessionID: string;
  summary?: boolean;
  error?: unknown;
  tokens?: { input: number; output: number; cache: { read: number; write: number } };
  [k: string]: unknown;
};
export type MessageWithParts = { info: MessageInfo; parts: MessagePart[] };
export type Session = { id: string; parentID?: string; directory: string; projectID: string; title: string };
export type BusEvent = { type: string; properties: Record<string, unknown> };

export type StartOptions = { env?: Record<string, string>; timeoutMs?: number; extraArgs?: string[] };

export class OpencodeServer {
  readonly events: BusEvent[] = [];
  private waiters: Array<{ predicate: (e: BusEvent) => boolean; resolve: (e: BusEvent) => void }> = [];
  private eventAbort = new AbortController();

  constructor(
    readonly project: Project,
    readonly url: string,
    private readonly proc: ReturnType<typeof Bun.spawn>,
    /** Set on a client of another project's directory in this process (`forProject`). */
    readonly directory?: string,
  ) {}

  /**
   * A client of this process for another project (one made with `createProject({ sharing })`): opencode serves
   * any directory a request names, with an instance of its own (that directory's config and plugins), so a
   * test that needs a fresh project does not need a process. Its `stop` disposes of that instance only.
   */
  async forProject(project: Project): Promise<OpencodeServer> {
    const client = new OpencodeServer(project, this.url, this.proc, project.dir);
    await client.subscribe();
    return client;
  }

  private get headers(): Record<string, string> {
    return this.directory ? { "x-opencode-directory": this.directory } : {};
  }

  get pid(): number {
    return this.proc.pid;
  }

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.url}${path}`, {
      method,
      headers: body === undefined ? this.headers : { ...this.headers, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`opencode ${method} ${path} -> ${res.status}: ${text.slice(0, 500)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /**
   * Asks opencode to dispose of the project's instance, which runs each plugin's `dispose` hook (the
   * plugin's flush). opencode answers before the hooks are done; the next request starts a new instance.
   */
  disposeInstance(): Promise<boolean> {
    return this.request("POST", `/instance/dispose?directory=${encodeURIComponent(this.project.dir)}`);
  }

  /**
   * opencode's log once everything logged before this call is in its file. opencode writes the file about every
   * half second, and drops what it has not written when it is stopped, so a read right after a request can miss
   * that request's lines, and a check that a line is absent would pass for that reason alone. A line sent
   * through opencode's own log endpoint is the barrier: once it is in the file, so is every line before it.
   */
  async logs(timeoutMs = 10_000): Promise<string> {
    const barrier = `e2e log barrier ${crypto.randomUUID()}`;
    await this.request("POST", "/log", { service: "e2e", level: "info", message: barrier });
    return waitForLog(this.project, barrier, timeoutMs);
  }

  createSession(body: { parentID?: string; title?: string } = {}): Promise<Session> {
    return this.request("POST", "/session", body);
  }

  /** Sends a user prompt and resolves when the agent loop for it has finished. */
  prompt(sessionID: string, text: string, extra: Record<string, unknown> = {}): Promise<MessageWithParts> {
    return this.request("POST", `/session/${sessionID}/message`, { parts: [{ type: "text", text }], ...extra });
  }

  messages(sessionID: string): Promise<MessageWithParts[]> {
    return this.request("GET", `/session/${sessionID}/message`);
  }

  summarize(sessionID: string): Promise<boolean> {
    return this.request("POST", `/session/${sessionID}/summarize`, { providerID: "fake", modelID: "m" });
  }

  status(): Promise<Record<string, { type: string }>> {
    return this.request("GET", "/session/status");
  }

  /** Resolves when the session is idle (event-driven, with a status check to avoid missing an earlier idle). */
  async waitIdle(sessionID: string, timeoutMs = 60_000): Promise<void> {
    const idle = this.waitEvent(
      (e) =>
        (e.type === "session.idle" && e.properties.sessionID === sessionID) ||
        (e.type === "session.status" &&
          e.properties.sessionID === sessionID &&
          (e.properties.status as { type?: string })?.type === "idle"),
      timeoutMs,
      `session ${sessionID} idle`,
    );
    const current = await this.status();
    if (!current[sessionID] || current[sessionID]?.type === "idle") {
      // already idle: the event wait is not needed, and its timeout must not fail a later test
      idle.catch(() => {});
      return;
    }
    await idle;
  }

  /** Waits for a bus event matching `predicate` seen after this call (or already seen when `past` is set). */
  waitEvent(predicate: (e: BusEvent) => boolean, timeoutMs = 60_000, what = "event", past = false): Promise<BusEvent> {
    if (past) {
      const seen = this.events.find(predicate);
      if (seen) return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        predicate,
        resolve: (e: BusEvent) => {
          clearTimeout(timer);
          resolve(e);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`opencode: timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** Subscribes to the instance's bus events (SSE on /event) and keeps them in `events`. */
  async subscribe(): Promise<void> {
    const res = await fetch(`${this.url}/event`, { signal: this.eventAbort.signal, headers: this.headers });
    if (!res.body) throw new Error("opencode /event returned no body");
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let connected!: () => void;
    const ready = new Promise<void>((r) => (connected = r));
    void (async () => {
      let buffer = "";
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let cut: number;
          while ((cut = buffer.indexOf("\n\n")) >= 0) {
            const frame = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const data = frame
              .split("\n")
              .filter((l) => l.startsWith("data:"))
              .map((l) => l.slice(5).trim())
              .join("\n");
            if (!data) continue;
            const event = JSON.parse(data) as BusEvent;
            if (event.type === "server.connected") connected();
            this.events.push(event);
            for (const waiter of [...this.waiters])
              if (waiter.predicate(event)) {
                this.waiters = this.waiters.filter((w) => w !== waiter);
                waiter.resolve(event);
              }
          }
        }
      } catch {
        // aborted on stop
      }
    })();
    await Promise.race([ready, Bun.sleep(5_000)]);
  }

  async stop(): Promise<void> {
    if (this.directory) {
      // opencode announces the disposal once it is done (it answers the request before): the project can go then
      const disposed = this.waitEvent((e) => e.type === "server.instance.disposed", 30_000, "the instance's disposal");
      await this.disposeInstance();
      await disposed;
      this.eventAbort.abort();
      return;
    }
    this.eventAbort.abort();
    if (this.proc.exitCode !== null) return;
    this.proc.kill("SIGTERM");
    const exited = await Promise.race([this.proc.exited.then(() => true), Bun.sleep(5_000).then(() => false)]);
    if (!exited) {
      this.proc.kill("SIGKILL");
      await this.proc.exited;
    }
  }

  /** SIGKILL: no shutdown hooks run, as in a crash. */
  async kill(): Promise<void> {
    if (this.directory) throw new Error("a client of one directory cannot kill the process it shares");
    this.eventAbort.abort();
    if (this.proc.exitCode !== null) return;
    this.proc.kill("SIGKILL");
    await this.proc.exited;
  }
}

export async function startOpencode(project: Project, options: StartOptions = {}): Promise<OpencodeServer> {
  const proc = Bun.spawn(
    [OPENCODE_BIN, "serve", "--port", "0", "--hostname", "127.0.0.1", ...(options.extraArgs ?? [])],
    {
      cwd: project.dir,
      env: { ...project.env, ...options.env },
      stdout: "pipe",
      stderr: "pipe",
    },
  );
  const timeoutMs = options.timeoutMs ?? 30_000;
  const reader = proc.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let seen = "";
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`opencode serve did not report its URL within ${timeoutMs} ms; stdout: ${seen}`)),
      timeoutMs,
    );
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        seen += value;
        const match = seen.match(/listening on (http:\/\/[^\s]+)/);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
          break;
        }
      }
      // keep draining so the child never blocks on a full pipe
      for (;;) if ((await reader.read()).done) break;
    })();
    void proc.exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`opencode serve exited with ${code} before listening; stdout: ${seen}`));
    });
  });
  void new Response(proc.stderr).text();
  try {
    const server = new OpencodeServer(project, await listening, proc);
    await server.subscribe();
    return server;
  } catch (error) {
    // no caller holds a server to stop: the process would outlive the test and write into its removed project
    proc.kill("SIGKILL");
    await proc.exited;
    throw error;
  }
}
