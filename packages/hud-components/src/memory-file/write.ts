import { h, toMarkdown } from "@agent-hud/ujsx";
import { MemoryFile } from "./MemoryFile.tsx";
import type { MemoryItem } from "./memory-item.ts";

/**
 * The file's text: the items through the same UJSX → mdast → markdown pipeline as the HUD, then any
 * parts an earlier read could not understand, byte for byte, so a person's text is never dropped.
 */
export function writeMemoryFile(items: readonly MemoryItem[], kept: readonly string[] = []): string {
  const body = toMarkdown(h(MemoryFile, { items }));
  const tail = kept.map((text) => text.replace(/\s+$/, "")).filter((text) => text !== "");
  return tail.length ? `${body}\n${tail.join("\n\n")}\n` : body;
}
