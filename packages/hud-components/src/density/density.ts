export type Density = "full" | "compact" | "minimal";
export const densities: readonly Density[] = ["full", "compact", "minimal"];

/** Percent of usable context at which each density starts, and the critical warning level. */
export type Thresholds = { compact: number; minimal: number; critical: number };
export const defaultThresholds: Thresholds = { compact: 70, minimal: 85, critical: 92 };

export function resolveThresholds(thresholds?: Partial<Thresholds>): Thresholds {
  if (!thresholds) return defaultThresholds;
  const t = { ...defaultThresholds, ...thresholds };
  if (!(t.compact <= t.minimal && t.minimal <= t.critical)) {
    throw new Error(
      `thresholds must satisfy compact <= minimal <= critical (got ${t.compact}, ${t.minimal}, ${t.critical}); expected e.g. { compact: 70, minimal: 85, critical: 92 }`,
    );
  }
  return t;
}

export function densityFor(percent: number, thresholds?: Partial<Thresholds>): Density {
  const t = resolveThresholds(thresholds);
  if (percent >= t.minimal) return "minimal";
  if (percent >= t.compact) return "compact";
  return "full";
}

/** One step down the ladder; minimal stays minimal. */
export const lower = (density: Density): Density => (density === "full" ? "compact" : "minimal");
