/**
 * Promises that resolve once a condition over a fake server's recorded requests holds: the fakes call
 * `notify()` after each request they record, so a test waits for a request instead of sleeping.
 */
type Waiter = { predicate: () => boolean; resolve: () => void };

export class Waiters {
  private readonly waiting: Waiter[] = [];

  /** Resolves once `predicate` holds; rejects after `timeoutMs` with `timedOut()` as the message. */
  waitFor(predicate: () => boolean, timeoutMs: number, timedOut: () => string): Promise<void> {
    if (predicate()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        predicate,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        reject(new Error(timedOut()));
      }, timeoutMs);
      this.waiting.push(waiter);
    });
  }

  notify(): void {
    for (const waiter of [...this.waiting])
      if (waiter.predicate()) {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        waiter.resolve();
      }
  }
}
