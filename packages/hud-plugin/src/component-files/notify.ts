import type { Toast } from "../config/show-problems.ts";
import type { Logger } from "../log/index.ts";

/** A file waiting for the person, said once per content: in the log, and as a toast where a TUI listens. */
export function componentNotice(log: Logger, toast: Toast | undefined): (line: string) => void {
  return (line) => {
    log.log("warn", line);
    toast?.({ title: "agent-hud component", message: line, variant: "warning", duration: 15_000 });
  };
}
