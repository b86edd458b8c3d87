import type { Density } from "../density/density.ts";

/**
 * Token budgets per density. Chosen so the reference state (10 decisions, 20 notes, 15 files, 10 steps,
 * 3 blockers) fits with every section present at full, the essentials at compact, one line each at minimal.
 */
export const defaultBudgets: Record<Density, number> = { full: 800, compact: 250, minimal: 80 };
