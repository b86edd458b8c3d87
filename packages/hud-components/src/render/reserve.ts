import type { Density } from "../density/density.ts";
import { emptyState } from "../state/hud-state.ts";
import { builtinSections, type SectionInput } from "../sections/index.ts";
import { initialSections, sectionTokens, type PartCache } from "../budget/index.ts";
import type { ResolvedRenderOptions } from "./options.ts";

const builtinVolatile = new Set(builtinSections.filter((s) => s.stability === "volatile"));

/** Room kept for a custom volatile section; its real size is only known per call. */
export const CUSTOM_VOLATILE_RESERVE = 40;

const reserves = new WeakMap<PartCache, Map<string, number>>();

/**
 * What the reserve depends on, by value: options resolved again with the same fields (a host's custom
 * sections moved, as after each agent component render) keep their reserve instead of serialising it again.
 */
const reserveKey = (o: ResolvedRenderOptions, density: Density): string =>
  [
    density,
    o.volatile.map((s) => (builtinVolatile.has(s) ? s.name : "+custom")).join(","),
    JSON.stringify(o.staleness),
    o.directory,
    o.compactTool,
  ].join("\0");

/**
 * Tokens the volatile tail may need at its largest (3-digit usage, full trend, staleness, and the
 * critical warning where the density allows it). Stable content is fitted into what is left, so the
 * stable part never shifts when usage moves.
 */
export function volatileReserve(o: ResolvedRenderOptions, density: Density, cache: PartCache): number {
  let byKey = reserves.get(cache);
  if (!byKey) reserves.set(cache, (byKey = new Map()));
  const key = reserveKey(o, density);
  const known = byKey.get(key);
  if (known !== undefined) return known;
  const session = { ...emptyState("session"), turns: 999, agentUpdatedAt: 0, updatedAt: 0 };
  const input: SectionInput = {
    view: { session, project: emptyState("project") },
    context: {
      usedTokens: 9_999_999,
      usableTokens: 9_999_999,
      percent: 100,
      trend: [100, 100, 100, 100, 100],
      density,
      critical: density === "minimal",
    },
    now: 47 * 3_600_000,
    staleness: o.staleness,
    directory: o.directory,
    compactTool: o.compactTool,
  };
  const builtins = o.volatile.filter((s) => builtinVolatile.has(s));
  const sections = initialSections({ specs: builtins, input, density, cache, overhead: () => 0 });
  const customs = o.volatile.length - builtins.length;
  const reserve = sections.reduce((n, s) => n + sectionTokens(s, cache), 0) + customs * CUSTOM_VOLATILE_RESERVE;
  byKey.set(key, reserve);
  return reserve;
}
