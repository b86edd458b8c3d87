import { errorLine, type Logger } from "../log/index.ts";

/**
 * Wraps a hook so nothing it does can throw into opencode: a failure is logged once per hook and message,
 * and the hook's output is left as it was (the call proceeds without the plugin's contribution).
 */
export function guard<A extends unknown[]>(
  log: Logger,
  name: string,
  hook: (...args: A) => Promise<void> | void,
): (...args: A) => Promise<void> {
  return async (...args: A) => {
    try {
      await hook(...args);
    } catch (error) {
      const line = errorLine(error);
      log.once(`${name}:${line}`, "error", `agent-hud: ${name} failed: ${line}`);
    }
  };
}
