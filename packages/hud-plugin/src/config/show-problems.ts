import type { ConfigProblem } from "./parse.ts";

/** A toast where the person looks (opencode's TUI); the host's folder builds it from its own API. */
export type Toast = (toast: {
  title: string;
  message: string;
  variant: "info" | "success" | "warning" | "error";
  duration?: number;
}) => void;

/**
 * Shows the configuration problems to the person once, as one TUI toast, on the first chat call: the
 * person is looking at the TUI then, and a toast sent while the plugin loads can reach no TUI yet. Where no
 * TUI runs (opencode run, serve) the call lands nowhere; the problems are in the log either way.
 */
export function showProblems(
  toast: Toast | undefined,
  problems: ConfigProblem[],
  missing: (line: string) => void,
): () => void {
  let pending = problems.length > 0;
  return () => {
    if (!pending) return;
    pending = false;
    if (!toast) return missing("agent-hud: this host has no TUI toast API; configuration problems are in the log only");
    const message = problems.map((p) => p.message.replace(/^agent-hud:? ?/, "")).join("\n");
    toast({ title: "agent-hud configuration", message, variant: "warning", duration: 15_000 });
  };
}
