export type Level = "debug" | "info" | "warn" | "error";

export interface Logger {
  log(level: Level, message: string, extra?: Record<string, unknown>): void;
  /** Logs a message only the first time `key` is seen, so a repeating fault does not flood the log. */
  once(key: string, level: Level, message: string, extra?: Record<string, unknown>): void;
}

/** A host's own log, where it has one (opencode 1's, built in `host/v1/services.ts`). */
export type LogSink = (entry: {
  service: string;
  level: Level;
  message: string;
  extra?: Record<string, unknown>;
}) => Promise<unknown>;

const SERVICE = "agent-hud";

/**
 * Writes to the host's own log when it has one (so problems land next to the host's plugin messages), else
 * to stderr. Logging never throws and never blocks a hook.
 */
export function createLogger(
  sink?: LogSink,
  fallback: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Logger {
  const seen = new Set<string>();
  const toStderr = (level: Level, message: string, extra?: Record<string, unknown>) =>
    fallback(`[${SERVICE}] ${level}: ${message}${extra ? ` ${safeJson(extra)}` : ""}`);
  const log = (level: Level, message: string, extra?: Record<string, unknown>) => {
    if (!sink) return toStderr(level, message, extra);
    try {
      sink({ service: SERVICE, level, message, ...(extra ? { extra } : {}) }).catch(() =>
        toStderr(level, message, extra),
      );
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
