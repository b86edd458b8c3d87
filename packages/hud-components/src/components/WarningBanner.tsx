/** @jsxImportSource @agent-hud/ujsx */
import type { ContextInfo, Density } from "../density/index.ts";

export type WarningBannerProps = { context: ContextInfo; density: Density };

/** Shown only at critical usage (≥ 92% by default). */
export function WarningBanner({ context, density }: WarningBannerProps) {
  if (!context.critical) return null;
  const pct = `${Math.round(context.percent)}%`;
  if (density === "minimal") {
    return (
      <section>
        <paragraph>
          <strong>⚠ Context {pct}</strong> save state: <inlineCode value="hud" />, <inlineCode value="hud_compact" />
        </paragraph>
      </section>
    );
  }
  return (
    <section>
      <paragraph>
        <strong>⚠ Context {pct} full</strong> compaction is near: record decisions and next steps with{" "}
        <inlineCode value="hud" /> now, or call <inlineCode value="hud_compact" />
      </paragraph>
    </section>
  );
}
