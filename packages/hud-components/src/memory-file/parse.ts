import { fromMdast, parseMarkdown, type UElement, type UNode } from "@agent-hud/ujsx";
import { conflictRanges, type LineRange } from "./conflicts.ts";
import { shallowRanges } from "./shallow.ts";
import { COMPONENTS_TITLE, MEMORY_TITLE, headerParagraphs } from "./MemoryFile.tsx";
import { readLine } from "./read-line.ts";
import {
  fingerprint,
  KEY_IN_TEXT,
  memorySections,
  oneLine,
  type MemoryItem,
  type MemorySection,
} from "../state/memory-item.ts";
import { plainText } from "./plain-text.ts";
import { defaultLengths } from "../projector/options.ts";
import type { ParsedMemoryFile, UnreadPart } from "./unread.ts";
import { KEPT_MARKER } from "./write.ts";

type MdNode = ReturnType<typeof parseMarkdown>["children"][number];
type Where = MemorySection | "header" | "unknown" | "kept" | "components";

const knownTitles = "Conventions, Key files, Decisions, Notes, Next steps";
const titles = new Map<string, MemorySection>([
  ...memorySections.map(({ section, title }) => [title.toLowerCase(), section] as const),
  ["steps", "steps"],
  ["key-files", "keyfiles"],
]);
const header = new Set(headerParagraphs.map((children) => oneLine(plainText(children as (UNode | string)[]))));

/**
 * Reads the memory file: markdown → mdast → UJSX (through the ujsx registry) → items. Never throws:
 * whatever it cannot read (conflict markers, unknown sections, blocks that are not item lines) is
 * reported with its lines and kept as written.
 */
// audience: host adapter authors
export function parseMemoryFile(source: string): ParsedMemoryFile {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const conflicts = conflictRanges(lines);
  // a conflict's own lines (`>>>>>>> theirs` among them) are the conflict's to report
  const inConflict = (n: number) => conflicts.some((r) => n >= r.start && n <= r.end);
  const shallow = shallowRanges(lines).filter((r) => !inConflict(r.start));
  const blanked = blankRanges(lines, [...conflicts, ...shallow]);
  const unread: Omit<UnreadPart, "text">[] = [
    ...conflicts.map((r) => ({ ...r, reason: "merge conflict markers" })),
    ...shallow,
  ];
  const items: MemoryItem[] = [];
  const components: string[] = [];
  const seen = new Map<string, string>();
  const keyless = new Map<string, number>();
  let where: Where = "header";
  let unknownSection = "";
  const skip = (node: MdNode, reason: string) => {
    const range = rangeOf(node);
    if (range) unread.push({ ...range, reason });
  };
  for (const node of parseMarkdown(blanked).children) {
    if (node.type === "html" && node.value.trim() === KEPT_MARKER) where = "kept";
    else if (where === "kept") skip(node, "below the kept-as-written line");
    else if (node.type === "heading" && node.depth === 2) {
      const title = oneLine(plainText(toUjsx(node)?.children ?? []));
      const section = titles.get(title.toLowerCase());
      where = title.toLowerCase() === COMPONENTS_TITLE.toLowerCase() ? "components" : (section ?? "unknown");
      unknownSection = `section "${title}" is not one of ${knownTitles}`;
      if (where === "unknown") skip(node, unknownSection);
    } else if (where === "unknown") skip(node, unknownSection);
    else if (where === "components") {
      // written from the log and never read back: its names only tell the writer when the list is stale
      if (node.type === "list")
        for (const listItem of node.children) components.push(oneLine(plainText(toUjsx(listItem)?.children ?? [])));
    } else if (where === "header") {
      if (!isHeader(node)) skip(node, "text above the first section");
    } else if (node.type !== "list") skip(node, "not an item line");
    else {
      for (const listItem of node.children) {
        const line = readLine(toUjsx(listItem), where, keyless);
        if (line === "empty") continue;
        const long = typeof line === "string" ? undefined : tooLong(line);
        if (typeof line === "string") skip(listItem, line);
        else if (long) skip(listItem, long);
        else if (seen.has(line.key) && seen.get(line.key) !== fingerprint(line))
          skip(listItem, `${line.key} is on two lines`);
        else if (!seen.has(line.key)) {
          seen.set(line.key, fingerprint(line));
          items.push(line);
        }
      }
    }
  }
  const parts = mergeParts(unread, lines);
  const unreadKeys = new Set(parts.flatMap((part) => [...part.text.matchAll(KEY_IN_TEXT)].map((m) => m[1]!)));
  return { items, unread: parts, unreadKeys, conflicts: conflicts.length > 0, components };
}

/** Longest text and detail each section keeps: what the HUD's state keeps, so nothing is cut without a word. */
const LIMITS: Record<MemorySection, [number, number]> = {
  conventions: [defaultLengths.convention, 0],
  keyfiles: [defaultLengths.path, defaultLengths.note],
  decisions: [defaultLengths.summary, defaultLengths.details],
  notes: [defaultLengths.note, 0],
  steps: [defaultLengths.step, 0],
};

/** Why a line is too long to take in whole (it is then kept as written), or undefined. */
function tooLong(line: MemoryItem): string | undefined {
  const [text, detail] = LIMITS[line.section];
  if (line.text.length > text) return `longer than ${text} characters; shorten it to have it read`;
  if (line.detail && line.detail.length > (detail || text))
    return `its detail is longer than ${detail || text} characters; shorten it to have it read`;
  return undefined;
}

// ujsx's mdast→ujsx direction; a node it has no rule for (an image, a footnote) makes the block unread.
function toUjsx(node: unknown): UElement | undefined {
  try {
    return fromMdast({ type: "root", children: [node as MdNode] }).children[0] as UElement | undefined;
  } catch {
    return undefined;
  }
}

function isHeader(node: MdNode): boolean {
  const text = oneLine(plainText(toUjsx(node)?.children ?? []));
  if (node.type === "heading") return node.depth === 1 && text === MEMORY_TITLE;
  return node.type === "paragraph" && header.has(text);
}

function rangeOf(node: { position?: { start: { line: number }; end: { line: number } } }): LineRange | undefined {
  return node.position ? { start: node.position.start.line, end: node.position.end.line } : undefined;
}

function blankRanges(lines: readonly string[], ranges: readonly LineRange[]): string {
  const copy = lines.slice();
  for (const { start, end } of ranges) for (let i = start - 1; i < end; i++) copy[i] = "";
  return copy.join("\n");
}

/** Sorts the parts, joins those only blank lines apart, and attaches their text. */
function mergeParts(parts: Omit<UnreadPart, "text">[], lines: readonly string[]): UnreadPart[] {
  const sorted = parts.slice().sort((a, b) => a.start - b.start);
  const merged: Omit<UnreadPart, "text">[] = [];
  for (const part of sorted) {
    const last = merged[merged.length - 1];
    const between = last ? lines.slice(last.end, part.start - 1) : [];
    if (last && between.every((l) => l.trim() === "")) {
      last.end = Math.max(last.end, part.end);
      if (!last.reason.includes(part.reason)) last.reason = `${last.reason}; ${part.reason}`;
    } else merged.push({ ...part });
  }
  return merged.map((part) => ({ ...part, text: lines.slice(part.start - 1, part.end).join("\n") }));
}
