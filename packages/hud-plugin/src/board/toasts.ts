import { customSectionFailed } from "@agent-hud/hud-components";
import { contain, fromMarkdown, type UNode } from "@agent-hud/ujsx";
import type { BoardRender } from "../store/board-render.ts";

export type ToastNote = { variant: "info" | "warning" | "error"; title: string; message: string };

/**
 * What deserves a toast between two renders of a session: reaching the critical level, else a density
 * change. One at most: the TUI shows one toast at a time, so a second would hide the first. The first
 * render seen only sets the baseline, so opening a busy session does not toast.
 */
export function toastFor(previous: BoardRender | undefined, next: BoardRender): ToastNote | undefined {
  if (!previous) return undefined;
  const density = next.density !== previous.density ? ` (HUD density ${previous.density} → ${next.density})` : "";
  if (next.context.critical && !previous.context.critical)
    return {
      variant: "warning",
      title: "HUD: context critical",
      message: `${next.context.percent}% of the usable context is used; compaction is near${density}`,
    };
  if (density)
    return {
      variant: "info",
      title: "HUD density",
      message: `${previous.density} → ${next.density} at ${next.context.percent}% context`,
    };
  return undefined;
}

/** The list entries a HUD holds (the task is not one): what a compaction toast says was carried through. */
export function carriedItems(markdown: string): number {
  let count = 0;
  const walk = (node: UNode) => {
    if (node.type === "item") count++;
    if ("children" in node) for (const child of node.children) walk(child);
  };
  walk(fromMarkdown(markdown));
  return count;
}

/** The lines of a HUD that report a failed custom component, as plain text (one toast each, once). */
export function componentFailures(markdown: string): string[] {
  return markdown
    .split("\n")
    .filter((line) => line.includes(customSectionFailed))
    .map((line) => contain(line.replace(/[*_`\\]/g, "")).trim());
}
