import type { HudEvent } from "@agent-hud/hud-components";
import type { Redactor } from "../privacy/index.ts";

const MARK = /\[redacted:([a-z0-9-]+)\]/g;

/**
 * One line telling the agent that what it wrote held a secret and what was kept instead, or undefined.
 * The item is stored redacted (the project's memory file is in the repository): without the line the agent
 * would believe the value is there to read back. Component definitions are left to their own check.
 */
export function secretNotice(events: ReadonlyArray<{ event: HudEvent }>, redactor: Redactor): string | undefined {
  const kinds = new Set<string>();
  for (const { event } of events) {
    if (event.kind.startsWith("component.")) continue;
    const redacted = redactor.deep(event);
    if (redacted === event) continue;
    const before = new Set([...JSON.stringify(event).matchAll(MARK)].map((m) => m[1]!));
    for (const [, kind] of JSON.stringify(redacted).matchAll(MARK)) if (!before.has(kind!)) kinds.add(kind!);
  }
  if (kinds.size === 0) return undefined;
  const marks = [...kinds].map((kind) => `[redacted:${kind}]`).join(", ");
  return `note: the text held a secret; it is stored as ${marks}, so the HUD, the memory file and search never show its value (keep secrets out of the HUD)`;
}
