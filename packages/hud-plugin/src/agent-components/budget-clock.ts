/**
 * One LLM call's budget for its agent components' renders. Opening a sandbox (compiling the source and
 * loading the module, once per component and process) pauses it and is bounded by `openMs` of its own, so
 * a cold process after a restart does not spend the renders' time; either deadline calls `onLate`.
 */
export class BudgetClock {
  private left: number;
  private since = performance.now();
  private opening = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** How long opens paused the budget, so far. */
  pausedMs = 0;

  constructor(
    budgetMs: number,
    private readonly openMs: number,
    private readonly onLate: (opening: boolean) => void,
  ) {
    this.left = budgetMs;
    this.arm();
  }

  /** A sandbox is being opened: the budget stops, the open's own limit runs. */
  open(): void {
    if (this.opening) return;
    this.left -= performance.now() - this.since;
    this.opening = true;
    this.since = performance.now();
    this.arm();
  }

  /** The sandbox is open: the budget runs on with what was left. */
  opened(): void {
    if (!this.opening) return;
    this.pausedMs += performance.now() - this.since;
    this.opening = false;
    this.since = performance.now();
    this.arm();
  }

  stop(): void {
    clearTimeout(this.timer);
    if (this.opening) this.opened();
    clearTimeout(this.timer);
  }

  private arm(): void {
    clearTimeout(this.timer);
    const ms = this.opening ? this.openMs : Math.max(0, this.left);
    this.timer = setTimeout(() => this.onLate(this.opening), ms);
  }
}
