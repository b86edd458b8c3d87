import { h, toMarkdown } from "@agent-hud/ujsx/core";
import { MemoryFile } from "./MemoryFile.tsx";
import type { MemoryItem } from "../state/memory-item.ts";

/**
 * Stands between the items and what is kept as written: an HTML block ends the last list, so kept text
 * (an indented line, say) can never become part of an item. The parser skips it.
 */
export const KEPT_MARKER = "<!-- kept as written: the lines below could not be read -->";

/**
 * The file's text: the items through the same UJSX → mdast → markdown pipeline as the HUD, then any
 * parts an earlier read could not understand, byte for byte, so a person's text is never dropped. `components`
 * are the names of the project's agent components.
 */
export function writeMemoryFile(
  items: readonly MemoryItem[],
  kept: readonly string[] = [],
  components: readonly string[] = [],
): string {
  const body = toMarkdown(h(MemoryFile, { items, components }));
  const tail = kept.map((text) => text.replace(/\s+$/, "")).filter((text) => text !== "");
  return tail.length ? `${body}\n${KEPT_MARKER}\n\n${tail.join("\n\n")}\n` : body;
}
