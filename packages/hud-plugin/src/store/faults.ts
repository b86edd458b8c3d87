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
