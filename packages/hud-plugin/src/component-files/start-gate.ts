import type { ToastClient } from "../config/show-problems.ts";
import type { Logger } from "../log/index.ts";
import { startComponentGate } from "./gate.ts";
import { hudRoots } from "./roots.ts";

/**
 * Gates the project's component folders for this process (see gate.ts). A file waiting for the person
 * is said once: in the log, and as a toast where a TUI listens.
 */
export function gateComponents(directory: string, dataDir: string, log: Logger, client: unknown, now: () => number) {
  const toasts = client as ToastClient | undefined;
  startComponentGate({
    directory,
    roots: hudRoots(directory),
    dataDir,
    now,
    notify: (line) => {
      log.log("warn", line);
      try {
        void toasts?.tui
          ?.showToast?.({ body: { title: "agent-hud component", message: line, variant: "warning", duration: 15_000 } })
          ?.catch(() => {});
      } catch {}
    },
  });
}
