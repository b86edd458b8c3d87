// Bun reports a parse failure as a BuildMessage whose message is only "Syntax Error"; the position
// carries the useful part, so it is folded into the one line the HUD shows.
type Position = { line?: number; column?: number; lineText?: string };

const RELOAD_KEY = /\?v=[\w.:-]+/g;
// "Cannot find package 'x' from '/abs/path/File.tsx'": the HUD line already names the file
const FROM_FILE = / from '[^']*'$/;

/** One line describing why a component file could not be loaded. */
export function describeLoadError(error: unknown): string {
  const message = (error instanceof Error || isMessage(error) ? error.message : String(error)).replace(RELOAD_KEY, "");
  const first = (message.split("\n").find((line) => line.trim()) ?? "unknown error").replace(FROM_FILE, "");
  const position = isMessage(error) ? error.position : undefined;
  if (!position?.line) return first;
  const code = position.lineText?.trim();
  return `${first} at line ${position.line}:${position.column ?? 0}${code ? ` (${clip(code, 60)})` : ""}`;
}

function isMessage(error: unknown): error is { message: string; position?: Position | null } {
  return typeof error === "object" && error !== null && typeof (error as { message?: unknown }).message === "string";
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
