import type { ToastClient } from "../config/show-problems.ts";
import type { Logger } from "../log/index.ts";

/** A file waiting for the person, said once per content: in the log, and as a toast where a TUI listens. */
export function componentNotice(log: Logger, client: unknown): (line: string) => void {
  const toasts = client as ToastClient | undefined;
  return (line) => {
    log.log("warn", line);
    try {
      void toasts?.tui
        ?.showToast?.({ body: { title: "agent-hud component", message: line, variant: "warning", duration: 15_000 } })
        ?.catch(() => {});
    } catch {}
  };
}
