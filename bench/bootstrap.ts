// 95% bootstrap intervals of what the benches print from medians: on a shared 2-core machine one run of a
// session or of `opencode run` moves by several MiB or hundreds of ms, so a figure near its target needs
// the interval beside it. A fixed seed keeps an interval a function of its samples.
import { median } from "./session-common.ts";

/**
 * The interval of `statistic(median(a), median(b))` over `iterations` resamplings of each sample (with
 * replacement): the ratio of two medians, or their difference.
 */
export function bootstrapInterval(
  a: number[],
  b: number[],
  statistic: (medianA: number, medianB: number) => number,
  iterations = 4000,
): [number, number] {
  let seed = 0x9e3779b9;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const resample = (xs: number[]) => xs.map(() => xs[Math.floor(random() * xs.length)]!);
  const values = Array.from({ length: iterations }, () => statistic(median(resample(a)), median(resample(b)))).sort(
    (x, y) => x - y,
  );
  return [values[Math.floor(iterations * 0.025)]!, values[Math.floor(iterations * 0.975)]!];
}
