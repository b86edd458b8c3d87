import { appendFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { defaultDir } from "../store/paths.ts";

/**
 * A process-run host's own folder (`<host>/` in the default data folder): found from the environment alone,
 * because a hook's fast path reads no configuration before it knows whether the MCP server answers.
 */
export function hostDir(host: string): string {
  return join(defaultDir(), host);
}

/** One line per failure in the host's folder (owner-only): a hook's stderr is not shown to the person. */
export function hostLogLine(host: string, line: string): void {
  try {
    const dir = hostDir(host);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    appendFileSync(join(dir, "hook.log"), `${new Date().toISOString()} ${line.replace(/\s+/g, " ").slice(0, 400)}\n`, {
      mode: 0o600,
    });
  } catch {
    // nowhere to write: the hook still exits cleanly
  }
}
