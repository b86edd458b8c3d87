import type { HudEvent } from "@agent-hud/hud-components";
import { secretShaped } from "../privacy/secret-shaped.ts";

// links and enum fields, never text the agent wrote
const NOT_TEXT = new Set(["kind", "id", "key", "at", "by", "section", "status", "priority", "type", "parentID"]);

function texts(value: unknown, key: string | undefined, out: string[]): string[] {
  if (typeof value === "string") {
    if (key === undefined || !NOT_TEXT.has(key)) out.push(value);
  } else if (Array.isArray(value)) for (const item of value) texts(item, key, out);
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) texts(v, k, out);
  return out;
}

/**
 * One line refusing a change to project memory that would put a secret-shaped text into the memory file
 * (it is in the repository), or undefined. The strict check runs on the text as it would be stored, after
 * redaction: whatever the redactor still finds, and any long random run that is no known look-alike.
 */
export function memorySecretRefusal(
  events: ReadonlyArray<{ scope: string; event: HudEvent }>,
  redact: (text: string) => string,
  file: string,
): string | undefined {
  for (const { scope, event } of events) {
    if (scope !== "project" || event.kind.startsWith("component.")) continue;
    for (const text of texts(event, undefined, [])) {
      const why = secretShaped(redact, text);
      if (why)
        return `refused: project memory is written to ${file} in the repository, and this text still holds ${why} after redaction; nothing was saved (keep secrets out of project memory, or put the item in this session's notes)`;
    }
  }
  return undefined;
}
