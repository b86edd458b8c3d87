import type { UElement, UNode } from "@agent-hud/ujsx/core";
import { KEY_PATTERN, makeKey, oneLine, type MemoryItem, type MemorySection } from "../state/memory-item.ts";
import { plainText } from "./plain-text.ts";

const SEPARATOR = /^(?:—|–|-|:)\s*/;

/**
 * One list item (UJSX) of a known section as an item; a string says why it is not one, "empty" is a
 * bullet with nothing on it. A line without a key gets one derived from its section and text, so every
 * process reading the same file gives it the same key.
 */
export function readLine(
  node: UNode | undefined,
  section: MemorySection,
  keyless: Map<string, number>,
): MemoryItem | string | "empty" {
  if (node?.type !== "item") return "not an item line";
  const item = node as UElement;
  if (item.children.length === 0) return "empty";
  const [paragraph, ...more] = item.children as UElement[];
  if (paragraph?.type !== "paragraph" || more.length) return "an item must be one line of text";
  let inline = paragraph.children;
  let key: string | undefined;
  const first = inline[0] as UElement | undefined;
  if (first?.type === "inlineCode" && KEY_PATTERN.test(String(first.props.value))) {
    key = String(first.props.value);
    inline = inline.slice(1);
  }
  const [text, detail] = split(section, inline);
  if (!text) return key ? `${key} has no text` : "empty";
  const line: MemoryItem = { section, key: key ?? keylessKey(section, text, keyless), text };
  if (detail) line.detail = detail;
  if (section === "steps" && item.props.checked === true) line.done = true;
  return line;
}

/** Text and detail: a key file's path is its first code span, a decision's summary its first bold span. */
function split(section: MemorySection, inline: UNode[]): [string, string] {
  const lead = inline.findIndex((n) => n.type !== "text" || oneLine((n as { value: string }).value) !== "");
  const head = inline[lead] as UElement | undefined;
  const marked = section === "keyfiles" ? "inlineCode" : section === "decisions" ? "strong" : undefined;
  if (marked && head?.type === marked) {
    const rest = oneLine(plainText(inline.slice(lead + 1))).replace(SEPARATOR, "");
    return [oneLine(plainText([head])), rest];
  }
  const whole = oneLine(plainText(inline));
  if (!marked) return [whole, ""];
  const at = whole.indexOf(" — ");
  return at < 0 ? [whole, ""] : [whole.slice(0, at).trim(), whole.slice(at + 3).trim()];
}

function keylessKey(section: MemorySection, text: string, keyless: Map<string, number>): string {
  const seed = `${section}\0${text}`;
  const n = keyless.get(seed) ?? 0;
  keyless.set(seed, n + 1);
  return makeKey(`${seed}\0${n}`);
}
