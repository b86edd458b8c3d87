/** @jsxImportSource @agent-hud/ujsx */
import type { ContextInfo, Density } from "../density/index.ts";

export type WarningBannerProps = {
  context: ContextInfo;
  density: Density;
  /** The host can compact on the agent's request now: the banner names `hud_compact` too. Default true. */
  compactTool?: boolean;
};

/** Shown only at critical usage (≥ 92% by default). */
export function WarningBanner({ context, density, compactTool = true }: WarningBannerProps) {
  if (!context.critical) return null;
  const pct = `${Math.round(context.percent)}%`;
  if (density === "minimal") {
    return (
      <section>
        <paragraph>
          <strong>⚠ Context {pct}</strong> save state: <inlineCode value="hud" />
          {compactTool ? ", " : null}
          {compactTool ? <inlineCode value="hud_compact" /> : null}
        </paragraph>
      </section>
    );
  }
  return (
    <section>
      <paragraph>
        <strong>⚠ Context {pct} full</strong> compaction is near: record decisions and next steps with{" "}
        <inlineCode value="hud" /> now{compactTool ? ", or call " : null}
        {compactTool ? <inlineCode value="hud_compact" /> : null}
      </paragraph>
    </section>
  );
}
