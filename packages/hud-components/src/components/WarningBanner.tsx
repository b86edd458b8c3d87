/** @jsxImportSource @agent-hud/ujsx */
import type { ContextInfo, Density } from "../context/index.ts";
import { labelLine, sectionTree } from "./parts.ts";
import type { SectionParts, SectionSpec } from "./section-spec.ts";
import { h } from "@agent-hud/ujsx";

export type WarningBannerProps = { context: ContextInfo; density: Density };

export function warningParts({ context, density }: WarningBannerProps): SectionParts | null {
  if (!context.critical) return null;
  const pct = `${Math.round(context.percent)}%`;
  const line =
    density === "minimal"
      ? labelLine(
          `⚠ Context ${pct}`,
          "save state: ",
          h("code", { value: "hud" }),
          ", ",
          h("code", { value: "hud_compact" }),
        )
      : labelLine(
          `⚠ Context ${pct} full`,
          "compaction is near: record decisions and next steps with ",
          h("code", { value: "hud" }),
          " now, or call ",
          h("code", { value: "hud_compact" }),
        );
  return { head: [line], items: [], noun: "warning", listOp: "snapshot", total: 1 };
}

/** Shown only at critical usage (≥ 92% by default). */
export function WarningBanner(props: WarningBannerProps) {
  return sectionTree(warningParts(props));
}

export const warningSection: SectionSpec = {
  name: "warning",
  priority: 100,
  stability: "volatile",
  parts: ({ context }, density) => warningParts({ context, density }),
};
