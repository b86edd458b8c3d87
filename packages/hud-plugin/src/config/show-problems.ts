import type { ConfigProblem } from "./parse.ts";

/** The slice of opencode's SDK client that shows a toast in a running TUI. */
export type ToastClient = {
  tui?: {
    showToast?: (options: {
      body: { title?: string; message: string; variant: "info" | "success" | "warning" | "error"; duration?: number };
    }) => Promise<unknown>;
  };
};

/**
 * Shows the configuration problems to the person once, as one TUI toast, on the first chat call: the
 * person is looking at the TUI then, and a toast sent while the plugin loads can reach no TUI yet. Where no
 * TUI runs (opencode run, serve) the call lands nowhere; the problems are in the log either way.
 */
export function showProblems(
  client: ToastClient | undefined,
  problems: ConfigProblem[],
  missing: (line: string) => void,
): () => void {
  let pending = problems.length > 0;
  return () => {
    if (!pending) return;
    pending = false;
    if (typeof client?.tui?.showToast !== "function")
      return missing(
        "agent-hud: this opencode has no TUI toast API (client.tui.showToast); configuration problems are in the log only",
      );
    const message = problems.map((p) => p.message.replace(/^agent-hud:? ?/, "")).join("\n");
    try {
      void client?.tui
        ?.showToast?.({ body: { title: "agent-hud configuration", message, variant: "warning", duration: 15_000 } })
        ?.catch(() => {});
    } catch {}
  };
}
