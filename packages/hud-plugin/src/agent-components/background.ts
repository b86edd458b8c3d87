/**
 * The components' background work (renders after a state change, or for what a call found missing) in this
 * process. The LLM call never waits for it; tests wait for it where a host would let time pass.
 */
const running = new Set<Promise<unknown>>();

/** Runs `work` after the current step has returned (the tool's answer, the hook), tracked until it ends. */
export function inBackground(work: () => Promise<unknown> | unknown): Promise<void> {
  const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .then(
      () => {},
      () => {},
    )
    .finally(() => running.delete(run));
  running.add(run);
  return run;
}

/** Also tracks a promise that is already running. */
export function track<T>(promise: Promise<T>): Promise<T> {
  running.add(promise);
  void promise.finally(() => running.delete(promise)).catch(() => {});
  return promise;
}

/** Resolves once no background work is left, including work that ends by starting more. */
export async function rendersSettled(): Promise<void> {
  while (running.size) await Promise.allSettled([...running]);
}

/**
 * One registry's background renders: one at a time; a request while one runs is kept (the newest only) and
 * runs next. `disabled` (a process that lives for one hook) renders nothing and shows what is stored.
 */
export class Refresher<V, D> {
  private inflight: Promise<void> | undefined;
  private queued: { view: V; density: D } | undefined;

  constructor(
    private readonly prepare: (view: V, density: D) => Promise<void>,
    private readonly disabled: boolean,
  ) {}

  refresh(view: V, density: D): Promise<void> {
    if (this.disabled) return Promise.resolve();
    if (this.inflight) {
      this.queued = { view, density };
      return this.inflight;
    }
    const run: Promise<void> = this.prepare(view, density)
      .catch(() => {})
      .finally(() => {
        this.inflight = undefined;
        const next = this.queued;
        this.queued = undefined;
        if (next) void this.refresh(next.view, next.density);
      });
    this.inflight = track(run);
    return run;
  }
}
