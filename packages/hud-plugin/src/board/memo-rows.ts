import type { TermLine } from "@agent-hud/ujsx";
import { sidebarRows, type ViewState } from "./sidebar-rows.ts";

/**
 * Re-lays the rows only when what is shown changed: polling hands the same render back many times a
 * second, and a frame must not pay for parsing markdown it already laid out.
 */
export function memoRows(): (view: ViewState, width: number) => TermLine[] {
  let key: string | undefined;
  let rows: TermLine[] = [];
  return (view, width) => {
    const next = `${view.status}:${width}:${view.status === "shown" ? `${view.shown.at}:${view.shown.markdown}` : ""}`;
    if (next !== key) {
      rows = sidebarRows(view, width);
      key = next;
    }
    return rows;
  };
}
