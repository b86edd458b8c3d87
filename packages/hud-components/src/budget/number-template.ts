import { toMarkdown, type Child } from "@agent-hud/ujsx/core";

// Volatile lines (usage %, token counts, turns) differ between calls only in their numbers. Their
// markdown is serialised once per *shape* with the numbers replaced by alphanumeric sentinels, then the
// numbers are put back. Sound because sentinels are digit runs themselves (same character class for
// every escaping rule), numbers are only abstracted between plain neighbours (never "3." or "_3"), and
// a sentinel must sit mid-line in the serialised template.

// Digits standing in for digits: every escaping rule sees the same character class. Twelve digits long,
// so no character reference or real number left in the template can contain one.
const SENTINEL = (i: number) => `839217465${String(i).padStart(3, "0")}`;
const DIGITS = /\d+/g;
// A number is only abstracted when its neighbours are plain: escaping of markdown-special characters
// can depend on how far they are from a construct's edge, which a longer sentinel would change.
const PLAIN_NEIGHBOUR = /^[ %→(),kM×·/]?$/;

export type Shape = { key: string; numbers: string[]; withSentinels: Child };

/** Whether any text in the tree holds a digit (most blocks have none: no shape to build for them). */
function hasDigits(child: Child): boolean {
  if (child === null || child === undefined || typeof child === "boolean") return false;
  if (typeof child === "number") return true;
  if (typeof child === "string") return /\d/.test(child);
  if (Array.isArray(child)) return child.some(hasDigits);
  const el = child as { props: Record<string, unknown>; children?: Child };
  return hasDigits((el.children ?? el.props["children"]) as Child);
}

/** The node's text numbers pulled out; undefined when it has none (nothing to gain). */
export function numberShape(node: Child): Shape | undefined {
  if (!hasDigits(node)) return undefined;
  const numbers: string[] = [];
  let key = "";
  let templatable = true;
  const visit = (child: Child): Child => {
    if (child === null || child === undefined || typeof child === "boolean") return child;
    if (typeof child === "number") return visit(String(child));
    if (typeof child === "string") {
      const replaced = child.replace(DIGITS, (digits, at: number) => {
        if (!PLAIN_NEIGHBOUR.test(child[at - 1] ?? "") || !PLAIN_NEIGHBOUR.test(child[at + digits.length] ?? ""))
          templatable = false;
        return SENTINEL(numbers.push(digits) - 1);
      });
      // The text around the numbers, as segments: unambiguous even when the text itself holds '#'.
      key += `${JSON.stringify(child.split(DIGITS))},`;
      return replaced;
    }
    if (Array.isArray(child)) {
      key += "[";
      const out = child.map(visit);
      key += "]";
      return out;
    }
    const el = child as { type: unknown; props: Record<string, unknown>; children?: Child };
    key += `<${String(typeof el.type === "function" ? (el.type as { name: string }).name : el.type)} `;
    for (const name in el.props) if (name !== "children") key += `${name}=${JSON.stringify(el.props[name])};`;
    key += ">";
    const children = visit((el.children ?? el.props["children"]) as Child);
    return { ...el, props: { ...el.props, children }, children } as Child;
  };
  const withSentinels = visit(node);
  return templatable && numbers.length > 0 ? { key, numbers, withSentinels } : undefined;
}

/** The template if every sentinel appears once and mid-line; otherwise undefined (serialise normally). */
export function checkTemplate(markdown: string, count: number): string | undefined {
  for (let i = 0; i < count; i++) {
    const sentinel = SENTINEL(i);
    const at = markdown.indexOf(sentinel);
    if (at <= 0 || markdown.indexOf(sentinel, at + 1) >= 0) return undefined;
    const lineStart = markdown.lastIndexOf("\n", at - 1) + 1;
    if (!markdown.slice(lineStart, at).trim()) return undefined;
  }
  return markdown;
}

export function fillTemplate(template: string, numbers: readonly string[]): string {
  let out = template;
  numbers.forEach((digits, i) => {
    out = out.replace(SENTINEL(i), digits);
  });
  return out;
}

// A run of lower-case letters, digits, spaces and commas, one line. No markdown escaping rule touches these
// characters themselves away from a line's start and end (the rules for a space need a line break beside
// it; list markers, autolinks and emphasis need ".", ")", ":", "@", "*" or "_"), and with plain characters
// on both sides of the run none looks across it at a special one (a "+" before a space, an underscore
// beside a letter): such a run mid-line is written as it is, whatever it holds.
const PLAIN_RUN = /^[0-9a-z ,]+$/;
const PLAIN_SIDE = /^[0-9A-Za-z ,]$/;
const SLOT = "plainslot";

/**
 * A line's markdown with `SLOT` where its plain run goes, when the slot lands once, mid-line, between plain
 * characters; null otherwise. `line` builds the tree around a run.
 */
export function plainSlotTemplate(line: (run: string) => Child): string | null {
  const md = toMarkdown(line(SLOT), { mode: "trusted" });
  const at = md.indexOf(SLOT);
  const end = at + SLOT.length;
  if (at <= 0 || md.indexOf(SLOT, end) >= 0) return null;
  if (!PLAIN_SIDE.test(md[at - 1] ?? "") || !PLAIN_SIDE.test(md[end] ?? "")) return null;
  const lineStart = md.lastIndexOf("\n", at - 1) + 1;
  const lineEnd = md.indexOf("\n", end);
  const mid = md.slice(lineStart, at).trim() && md.slice(end, lineEnd < 0 ? undefined : lineEnd).trim();
  return mid ? md : null;
}

/** The template with `run` in its slot; undefined when `run` is not a plain run (serialise the line whole). */
export const fillPlainSlot = (template: string, run: string): string | undefined =>
  PLAIN_RUN.test(run) ? template.replace(SLOT, () => run) : undefined;
