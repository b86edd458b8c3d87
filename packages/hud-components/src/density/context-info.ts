import { densityFor, resolveThresholds, type Density, type Thresholds } from "./density.ts";

export type ContextInfo = {
  usedTokens: number;
  usableTokens: number;
  percent: number;
  /** Last ≤5 usage percents, oldest first, ending with the current one. */
  trend: number[];
  density: Density;
  critical: boolean;
};

const TREND_LENGTH = 5;

/** Usage as a percentage of usable context (0..100+, one decimal), its trend and the density it implies. */
export function makeContextInfo(
  input: { usedTokens: number; usableTokens: number; history?: number[] },
  thresholds?: Partial<Thresholds>,
): ContextInfo {
  const t = resolveThresholds(thresholds);
  const used = Number.isFinite(input.usedTokens) ? Math.max(0, input.usedTokens) : 0;
  const usable = Number.isFinite(input.usableTokens) && input.usableTokens > 0 ? input.usableTokens : 1;
  const percent = Math.round((used / usable) * 1000) / 10;
  const history = (input.history ?? []).filter((p) => Number.isFinite(p));
  const trend = [...history, percent].slice(-TREND_LENGTH);
  return {
    usedTokens: used,
    usableTokens: usable,
    percent,
    trend,
    density: densityFor(percent, t),
    critical: percent >= t.critical,
  };
}

/** A context for states rendered without a host (previews, tests): usage given as a percent of 200k. */
export function contextAt(percent: number, usableTokens = 200_000, thresholds?: Partial<Thresholds>): ContextInfo {
  return makeContextInfo({ usedTokens: Math.round((percent / 100) * usableTokens), usableTokens }, thresholds);
}
