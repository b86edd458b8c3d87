/**
 * Hard limits of one agent component. Memory and stack are the QuickJS runtime's own (one runtime per
 * component); time is enforced by the interrupt handler; the rest is checked on the host on the returned
 * JSON before anything of it reaches the HUD.
 */
export const limits = {
  /** QuickJS heap per component. */
  memoryBytes: 8 * 1024 * 1024,
  /** QuickJS stack per component. */
  stackBytes: 256 * 1024,
  /** Wall time per render (and for evaluating the module at define time). */
  renderMs: 20,
  /** The returned tree as JSON. */
  outputBytes: 32 * 1024,
  /** Element nesting of the returned tree. */
  depth: 24,
  /** Elements and texts in the returned tree. */
  nodes: 2_000,
  /** Failed renders in a row after which the component is switched off. */
  failuresInARow: 3,
} as const;
