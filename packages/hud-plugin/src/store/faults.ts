/** How a failure is handled: what the store does next depends only on this. */
export type FaultKind = "corrupt" | "busy" | "readonly" | "full" | "io";

export function errorCode(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "";
}

export function classify(err: unknown): FaultKind {
  const code = errorCode(err);
  if (code.startsWith("SQLITE_CORRUPT") || code.startsWith("SQLITE_NOTADB")) return "corrupt";
  if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) return "busy";
  if (code.startsWith("SQLITE_READONLY") || code.startsWith("SQLITE_PERM") || code === "EACCES" || code === "EROFS") {
    return "readonly";
  }
  if (code.startsWith("SQLITE_FULL") || code === "ENOSPC") return "full";
  return "io";
}

export function describe(err: unknown): string {
  const code = errorCode(err);
  const message = err instanceof Error ? err.message : String(err);
  return code ? `${code}: ${message}` : message;
}

/**
 * Runs `open` again while SQLite answers busy or locked, for up to `totalMs`. Two processes creating the
 * same database at the same moment can get SQLITE_BUSY without the busy handler ever waiting (switching
 * a new file to WAL, the first schema write); a short pause and a second try is what that case needs.
 * Blocking is acceptable here: it happens once, while the plugin starts, and only when another process
 * holds the lock.
 */
export function retryBusy<T>(open: () => T, totalMs = 3_000, pauseMs = 25): T {
  const deadline = Date.now() + totalMs;
  for (;;) {
    try {
      return open();
    } catch (error) {
      if (classify(error) !== "busy" || Date.now() + pauseMs > deadline) throw error;
      Bun.sleepSync(pauseMs);
    }
  }
}
