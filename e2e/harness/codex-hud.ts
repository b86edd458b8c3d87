/**
 * What the agent reads of its HUD in a Codex request: the plugin's hooks append developer messages, each a
 * full copy (`<agent-hud>` … `</agent-hud>`, after the instructions) or an update (`HUD update:` and its
 * `+ line` / `- line` changes).
 */
import { developerTexts, type RecordedRequest } from "./fake-openai.ts";

const OPEN = "<agent-hud>";
const CLOSE = "</agent-hud>";
const UPDATE = "HUD update:";

export const hudTexts = (request: RecordedRequest): string[] =>
  developerTexts(request.body).filter((t) => t.includes(OPEN) || t.startsWith(UPDATE));

const bodyOf = (full: string) => full.slice(full.indexOf(OPEN) + OPEN.length, full.indexOf(CLOSE)).trim();

export const fullCopies = (request: RecordedRequest): string[] => hudTexts(request).filter((t) => t.includes(OPEN));

/** The latest full copy with every update after it applied in order; undefined without a full copy. */
export function currentHud(request: RecordedRequest): string | undefined {
  const texts = hudTexts(request);
  const at = texts.findLastIndex((t) => t.includes(OPEN));
  if (at < 0) return undefined;
  const lines = bodyOf(texts[at]!)
    .split("\n")
    .filter((l) => l.trim());
  for (const update of texts.slice(at + 1))
    for (const change of update.split("\n").slice(1)) {
      if (change.startsWith("+ ")) lines.push(change.slice(2));
      if (!change.startsWith("- ")) continue;
      const name = change.slice(2);
      const words = name.endsWith(" …") ? name.slice(0, -2) : undefined;
      const index = lines.findIndex((l) => l === name || (words !== undefined && l.startsWith(`${words} `)));
      if (index >= 0) lines.splice(index, 1);
    }
  return lines.join("\n");
}

/** How many times each HUD line is written whole: in full copies, and as `+ line` / `- line` in updates. */
export function hudLineCounts(request: RecordedRequest): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (line: string) => counts.set(line, (counts.get(line) ?? 0) + 1);
  for (const text of hudTexts(request)) {
    if (text.includes(OPEN))
      for (const line of bodyOf(text).split("\n"))
        if (line.trim()) add(line);
        else
          for (const line of text.split("\n").slice(1))
            if (/^[+-] /.test(line) && !(line.startsWith("- ") && line.endsWith(" …"))) add(line.slice(2));
  }
  return counts;
}
