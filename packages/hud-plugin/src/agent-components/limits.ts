/**
 * Hard limits of one agent component. Memory and stack are the QuickJS runtime's own (one runtime per
 * component); time is enforced by the interrupt handler; the rest is checked on the host on the returned
 * JSON before anything of it reaches the HUD.
 */
export const limits = {
  /** QuickJS's limit on one allocation (it cannot count the total in this build; see quickjs.ts). */
  memoryBytes: 8 * 1024 * 1024,
  /** QuickJS stack per component. */
  stackBytes: 256 * 1024,
  /** Wall time per render. */
  renderMs: 20,
  /** Wall time for evaluating the prelude and the module, once per sandbox (wall clock: a GC pause counts). */
  loadMs: 100,
  /** Wall time for all agent components' renders of one LLM call together (`agentComponents.budgetMs`). */
  callBudgetMs: 150,
  /**
   * The same for a background render, which no call waits for: the call's budget there would only kill a
   * process that a busy machine slowed, again and again (each kill makes the next render cold too).
   */
  backgroundBudgetMs: 2_000,
  /** Wall time a define's check (load and a render at each density) may take before its process is killed. */
  defineMs: 1_000,
  /** Wall time opening one sandbox (compile and load) may take in the sandbox process; not the call's budget. */
  openMs: 1_000,
  /** Wall time an LLM call waits for the sandbox process to start (not the components' time). */
  startMs: 2_000,
  /** The returned tree as JSON. */
  outputBytes: 32 * 1024,
  /** Element nesting of the returned tree. */
  depth: 24,
  /** Elements and texts in the returned tree. */
  nodes: 1_000,
  /**
   * Failed renders among its last `failureWindow` (one per state) after which a component is switched off, or
   * `failuresInARow` in a row: one failing every fifth state still costs every fifth HUD a failure line.
   */
  failuresToOff: 2,
  failureWindow: 10,
  failuresInARow: 3,
} as const;
