import type { Subprocess } from "bun";
import { dirname } from "node:path";
import { BudgetClock } from "./budget-clock.ts";
import { limits } from "./limits.ts";
import type { RenderOne, SandboxReply, SandboxRequest } from "./sandbox-protocol.ts";

type RenderRequest = Omit<RenderOne, "id" | "loadMs" | "renderMs">;
type Rendered = Extract<SandboxReply, { op: "rendered" }>;

/** How one render of a batch ended: answered, still running at the deadline (the process is killed), or never begun. */
export type Answer = { kind: "done"; reply: Rendered } | { kind: "timeout"; error: string } | { kind: "skipped" };

/**
 * The time limits: `limits`' own, which tests of outcomes that are not time-outs relax (`budgetMs`, when
 * set, replaces the configured budget of a call).
 */
export const timing: { loadMs: number; renderMs: number; defineMs: number; budgetMs?: number } = {
  loadMs: limits.loadMs,
  renderMs: limits.renderMs,
  defineMs: limits.defineMs,
};

/**
 * Beside the bundle's chunks (the build writes it there; an entry in a subfolder, like the board's, is one
 * level down), else the source file when running from source.
 */
function scriptPath(): string {
  // resolved from the file that runs, which `import.meta.url` is not in a CommonJS hook bundle
  for (const candidate of ["./sandbox-process.js", "../sandbox-process.js", "./sandbox-process.ts"])
    try {
      return require.resolve(candidate);
    } catch {
      // not there: the next place
    }
  throw new Error("sandbox-process.js is missing beside the plugin's files; reinstall agent-hud");
}

/**
 * The process agent components run in, one per plugin instance, kept across LLM calls and started on the
 * first need. A render is stopped from outside: past its deadline the process is killed (SIGKILL), which no
 * built-in call inside QuickJS can delay, and the next need starts a new one. The process is the plugin's
 * own executable run as Bun (`BUN_BE_BUN`, so it works inside opencode's single binary), in the script's
 * folder with an empty environment, so no project's `.env` or `bunfig.toml` applies to it.
 */
export class SandboxProcess {
  private child: Subprocess | undefined;
  private ready: Promise<boolean> | undefined;
  private readonly pending = new Map<number, (answer: Answer) => void>();
  private nextId = 1;
  private clock: BudgetClock | undefined;
  /** How many processes were started (a kill or crash costs one more). */
  starts = 0;
  /** The end of the processes' stderr, for diagnostics and the tests that no teardown aborted. */
  stderr = "";
  /** How long the last batch's opens paused its budget (the call's wall time beyond the budget they explain). */
  pausedMs = 0;
  /**
   * The part of a call's budget kept for what follows the deadline (the kill, the bookkeeping, the timer's
   * own lateness on a busy machine): learnt from the calls that were cut off, so such a call ends within
   * its budget rather than that much after it.
   */
  reserveMs = 10;

  /** Starts the process if none runs; true once QuickJS is compiled inside it. */
  start(): Promise<boolean> {
    if (this.ready) return this.ready;
    let markReady: (ok: boolean) => void = () => {};
    this.ready = new Promise<boolean>((resolve) => (markReady = resolve));
    const script = scriptPath();
    this.starts++;
    let child: Subprocess;
    try {
      child = this.spawn(script, markReady);
    } catch (error) {
      // no process to run components in: each shows one line; the next need tries again
      this.stderr = `the sandbox process did not start: ${String(error)}`;
      this.ready = undefined;
      return Promise.resolve(false);
    }
    this.child = child;
    child.unref();
    void this.drain(child);
    return this.ready;
  }

  private spawn(script: string, markReady: (ok: boolean) => void): Subprocess {
    const child = Bun.spawn([process.execPath, script], {
      cwd: dirname(script),
      env: { BUN_BE_BUN: "1" },
      stdin: "ignore",
      stdout: "ignore",
      stderr: "pipe",
      serialization: "json",
      ipc: (reply: SandboxReply) => {
        if (reply.op === "ready") return markReady(true);
        // opens of this batch only: a pre-open's answers belong to no call
        if (reply.op === "opening") return void (this.pending.has(reply.id) && this.clock?.open());
        if (reply.op === "opened") return void (this.pending.has(reply.id) && this.clock?.opened());
        this.pending.get(reply.id)?.({ kind: "done", reply });
        this.pending.delete(reply.id);
      },
      onExit: (_process, code, signal) => {
        if (this.child !== child) return;
        markReady(false);
        this.lost(`the sandbox process stopped (${signal ?? `exit code ${code}`})`);
      },
    });
    return child;
  }

  /**
   * Renders a batch in order within one budget. Waits at most `startMs` for a process to start (that is not
   * the components' time; 0 when all have an output to show meanwhile, so a restart after a kill never
   * holds up a call); then every render must answer within `budgetMs` of the first being sent,
   * not counting the opening of sandboxes (`BudgetClock`).
   */
  async renderAll(
    requests: RenderRequest[],
    budgetMs: number,
    startMs: number = limits.startMs,
    /** An LLM call's: what it spent before (counted in its budget), and the deadline keeps `reserveMs`. */
    call?: { spentMs: number },
  ): Promise<Answer[]> {
    this.pausedMs = 0;
    if (!requests.length) return [];
    const started = await within(this.start(), startMs, false);
    if (!started || !this.child) return requests.map(() => ({ kind: "skipped" }));
    const answers: Array<Answer | undefined> = requests.map(() => undefined);
    const first = this.nextId;
    this.nextId += requests.length;
    const waits = requests.map(
      (_, index) =>
        new Promise<void>((resolve) =>
          this.pending.set(first + index, (answer) => {
            answers[index] = answer;
            resolve();
          }),
        ),
    );
    this.child.send(batchOf(requests, first) satisfies SandboxRequest);
    let opening = false;
    let clock: BudgetClock | undefined;
    const late = new Promise<boolean>((resolve) => {
      const deadline = call ? Math.max(1, budgetMs - call.spentMs - this.reserveMs) : budgetMs;
      clock = new BudgetClock(deadline, limits.openMs, (phase) => {
        opening = phase;
        resolve(true);
      });
    });
    this.clock = clock;
    const isLate = await Promise.race([Promise.all(waits).then(() => false), late]);
    clock!.stop();
    this.pausedMs = clock!.pausedMs;
    this.clock = undefined;
    if (isLate && answers.some((a) => a === undefined)) {
      this.kill();
      // the next call should find a process ready, not wait for one to start
      void this.start();
      const running = answers.findIndex((a) => a === undefined);
      const error = opening
        ? `took longer than ${limits.openMs} ms to compile and load`
        : `took longer than the call's budget of ${budgetMs} ms`;
      answers[running] = { kind: "timeout", error };
    }
    return answers.map((answer) => answer ?? { kind: "skipped" });
  }

  /**
   * Opens sandboxes without rendering, once the process is up (after a kill, for the components that were
   * open in the old one), so the next call renders in warm sandboxes; the answers are not waited for.
   */
  preopen(requests: RenderRequest[]): void {
    void this.start().then((ok) => {
      if (!ok || !this.child || !requests.length) return;
      const first = this.nextId;
      this.nextId += requests.length;
      this.child.send(
        batchOf(
          requests.map((request) => ({ ...request, densities: [] })),
          first,
        ),
      );
    });
  }

  /**
   * A cut-off call took `overshootMs` longer than its budget (negative: ended that much before it): the
   * reserve grows at once by what was missing and shrinks slowly, so a few quiet calls do not undo it.
   */
  learn(overshootMs: number, budgetMs: number): void {
    // aimed a few ms before the deadline: the lateness varies from call to call on a busy machine
    const missed = overshootMs + 8;
    const step = missed > 0 ? missed : missed / 8;
    this.reserveMs = Math.min(budgetMs / 3, Math.max(1, this.reserveMs + step));
  }

  /** Drops a kept sandbox (a removed or redefined component); nothing to do if no process runs. */
  close(key: string): void {
    if (this.child && !this.child.killed) this.child.send({ id: 0, op: "close", key } satisfies SandboxRequest);
  }

  /** Kills the process; unanswered renders are left unanswered (the caller decides what they were). */
  kill(): void {
    const child = this.child;
    this.child = undefined;
    this.ready = undefined;
    this.pending.clear();
    child?.kill("SIGKILL");
  }

  private lost(error: string): void {
    const first = [...this.pending.keys()][0];
    if (first !== undefined) this.pending.get(first)?.({ kind: "timeout", error });
    for (const [, settle] of this.pending) settle({ kind: "skipped" });
    this.child = undefined;
    this.ready = undefined;
    this.pending.clear();
  }

  private async drain(child: Subprocess): Promise<void> {
    const stream = child.stderr as ReadableStream<Uint8Array>;
    const decoder = new TextDecoder();
    for await (const chunk of stream) this.stderr = (this.stderr + decoder.decode(chunk)).slice(-4096);
  }
}

/** Renders as one message; all of one batch share their props (the state of one LLM call). */
function batchOf(requests: RenderRequest[], first: number): SandboxRequest {
  const items = requests.map(({ key, source, densities, fresh, entry, helpers }) => ({
    key,
    source,
    densities,
    ...(fresh ? { fresh } : {}),
    ...(entry !== undefined ? { entry, helpers: helpers ?? {} } : {}),
  }));
  const props = requests[0]?.props ?? "{}";
  return { id: 0, op: "batch", first, props, items, loadMs: timing.loadMs, renderMs: timing.renderMs };
}

/** The promise's value, or `fallback` once `ms` have passed; the timer is cleared either way. */
async function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
