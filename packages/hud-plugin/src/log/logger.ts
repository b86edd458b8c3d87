export type Level = "debug" | "info" | "warn" | "error";

export interface Logger {
  log(level: Level, message: string, extra?: Record<string, unknown>): void;
  /** Logs a message only the first time `key` is seen, so a repeating fault does not flood the log. */
  once(key: string, level: Level, message: string, extra?: Record<string, unknown>): void;
}

/** The slice of the opencode SDK client the logger uses. */
export type AppLogClient = {
  app?: {
    log?: (options: {
      body: { service: string; level: Level; message: string; extra?: Record<string, unknown> };
    }) => Promise<unknown>;
  };
};

const SERVICE = "agent-hud";

/**
 * Writes to opencode's own log through the SDK client when available (so problems land next to opencode's
 * plugin messages), else to stderr. Logging never throws and never blocks a hook.
 */
export function createLogger(
  client?: AppLogClient,
  fallback: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Logger {
  const seen = new Set<string>();
  const toStderr = (level: Level, message: string, extra?: Record<string, unknown>) =>
    fallback(`[${SERVICE}] ${level}: ${message}${extra ? ` ${safeJson(extra)}` : ""}`);
  const log = (level: Level, message: string, extra?: Record<string, unknown>) => {
    const app = client?.app;
    if (typeof app?.log !== "function") return toStderr(level, message, extra);
    try {
      // called as a method: the SDK's generated classes read their transport from `this`
      app
        .log({ body: { service: SERVICE, level, message, ...(extra ? { extra } : {}) } })
        .catch(() => toStderr(level, message, extra));
    } catch {
      toStderr(level, message, extra);
    }
  };
  return {
    log,
    once(key, level, message, extra) {
      if (seen.has(key)) return;
      seen.add(key);
      log(level, message, extra);
    },
  };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

export function errorLine(error: unknown): string {
  if (error instanceof Error) return error.message.split("\n")[0] ?? error.name;
  return String(error).split("\n")[0] ?? "unknown error";
}
