/** @jsxImportSource @agent-hud/ujsx */
import type { ContextInfo, Density } from "../density/index.ts";

export type ContextBarProps = { context: ContextInfo; density: Density };

export const kilo = (n: number): string =>
  n >= 1_000_000 ? `${(n / 1_000_000).toFixed(1)}M` : n >= 1000 ? `${Math.round(n / 1000)}k` : String(Math.round(n));

const pct = (p: number): string => `${Math.round(p)}%`;

function direction(trend: number[]): string {
  const first = trend[0];
  const last = trend[trend.length - 1];
  if (first === undefined || last === undefined || trend.length < 2) return "steady";
  const delta = Math.round(last - first);
  return delta > 0 ? `+${delta} pts` : delta < 0 ? `${delta} pts` : "steady";
}

/** Context pressure: usage, trend and the density it put the HUD in. Volatile: moves every call. */
export function ContextBar({ context: c, density }: ContextBarProps) {
  // At minimal density the critical warning already states the usage; one line is enough.
  if (density === "minimal" && c.critical) return null;
  const text =
    density === "full"
      ? `${pct(c.percent)} of ${kilo(c.usableTokens)} usable (${kilo(c.usedTokens)} used) · trend ${c.trend.map((p) => Math.round(p)).join("→")}%`
      : density === "compact"
        ? `${pct(c.percent)} of ${kilo(c.usableTokens)} · ${direction(c.trend)} · compact HUD`
        : `${pct(c.percent)} · minimal HUD`;
  return (
    <section>
      <paragraph>
        <strong>Context</strong> {text}
      </paragraph>
    </section>
  );
}
