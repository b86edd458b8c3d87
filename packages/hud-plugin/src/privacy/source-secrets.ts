const MARK = /\[redacted:([\w-]+)\]/g;
const QUOTES = new Set(['"', "'", "`"]);

/**
 * The kind of secret a component's source holds, or undefined. The source is stored byte-exact (a rewritten
 * one no longer parses), so instead of redacting it a define holding a secret is refused. What counts: any
 * mark the redactor puts in the source, a `<private>` span, except a secret-named variable given an
 * expression (`const token = density …`): in code an unquoted value after a secret name is a variable, not
 * a value; a quoted one is a literal and counts.
 */
export function secretInSource(redact: (text: string) => string, source: string): string | undefined {
  if (/<private>/i.test(source)) return "private";
  const redacted = redact(source);
  if (redacted === source) return undefined;
  for (const found of redacted.matchAll(MARK)) {
    // a mark the agent typed itself is text, not a finding
    if (source.includes(found[0])) continue;
    const kind = found[1]!;
    if (kind !== "env-secret" || QUOTES.has(redacted[found.index - 1] ?? "")) return kind;
  }
  return undefined;
}
