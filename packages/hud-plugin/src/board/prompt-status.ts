import type { ViewState } from "./sidebar-rows.ts";

// The task's line as the Task component writes it: "**Task** …" (compact, minimal) or under "#### Task".
const TASK_INLINE = /^\*\*Task\*\*\s+(.+)$/m;
const TASK_HEADING = /^#### Task\n\n(.+)$/m;

/**
 * One short plain line for where opencode has room on narrow terminals (the prompt's right side): density,
 * usage and the task, clipped to `width` columns. Empty when there is nothing to say, so the slot stays blank.
 */
export function promptStatus(view: ViewState, width: number): string {
  if (view.status === "off") return "HUD off";
  if (view.status !== "shown") return "";
  const { density, context, markdown } = view.shown;
  const head = `HUD ${density} ${context.percent}%${context.critical ? " critical" : ""}`;
  const task = taskOf(markdown);
  const line = task ? `${head} · ${task}` : head;
  return [...line].length <= width ? line : `${[...line].slice(0, Math.max(0, width - 1)).join("")}…`;
}

/** The task as the HUD's markdown states it, without emphasis marks; empty when none is set. */
export function taskOf(markdown: string): string {
  return (TASK_INLINE.exec(markdown)?.[1] ?? TASK_HEADING.exec(markdown)?.[1] ?? "").replace(/[*_`\\]/g, "");
}
