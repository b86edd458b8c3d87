import fc from "fast-check";
import type { UElement, UNode, UText } from "../../src/index.ts";

const el = (type: string, props: Record<string, unknown>, children: UNode[] = []): UElement => ({
  type,
  props,
  children,
});
const text = (value: string): UText => ({ type: "text", value });

// Characters that mean something to markdown, mixed with plain and non-ASCII ones. No `@`: GFM
// turns email-like text into a link however it is escaped (the property would only rediscover that).
const tricky = "#*_`[]()<>|~!&\\-+.:;'\"=/{}^$%?,";
const wordChar = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCXYZ0123456789") },
  { weight: 3, arbitrary: fc.constantFrom(...tricky) },
  { weight: 1, arbitrary: fc.constantFrom("é", "ß", "漢", "字", "🙂", "Ω", "\u00a0") },
);
const word = fc.string({ unit: wordChar, minLength: 1, maxLength: 8 });
/** Text as an agent writes it: words separated by single spaces. */
export const sentence = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(" "));

const plainWord = fc.string({
  unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789"),
  minLength: 1,
  maxLength: 8,
});

const ATTENTION = new Set(["strong", "emphasis", "delete"]);

/**
 * Emphasis directly at the edge of another (`***a***`, `~~~~a~~~~`) reads back nested the other way
 * round or not at all, so inside a container such children get a word of text beside them.
 */
function padded(children: UNode[]): UNode[] {
  const out = [...children];
  if (ATTENTION.has(out[0]?.type ?? "")) out.unshift(text("w"));
  if (ATTENTION.has(out[out.length - 1]?.type ?? "")) out.push(text("w"));
  return out;
}

/**
 * mdast-util-to-markdown encodes the character before `**` as a character reference, and a backslash
 * before that reference then escapes its `&` (`\\&#x61;**b**`): text right before emphasis keeps no
 * backslash. Containment (block structure) is unaffected and tested with arbitrary strings.
 */
function unslashed(node: UNode): UNode {
  const { value } = node as UText;
  return value.includes("\\") ? text(value.replaceAll("\\", "/")) : node;
}

type InlineOptions = {
  depth: number;
  links: boolean;
  breaks: boolean;
  table?: boolean;
  /** Emphasis kinds already open above: `*a *b* c*` has no unambiguous markdown form. */
  open?: readonly string[];
};

function inline(options: InlineOptions): fc.Arbitrary<UNode> {
  const leaves: fc.Arbitrary<UNode>[] = [
    sentence.map(text),
    // In a table GFM reads `\|` as a pipe even inside code, which the serialiser does not expect;
    // table code stays free of backslashes.
    sentence.map((value) => el("inlineCode", { value: options.table ? value.replaceAll("\\", "/") : value })),
  ];
  if (options.depth <= 0) return fc.oneof(...leaves);
  const open = options.open ?? [];
  const nested = (type: string) =>
    phrasing({ ...options, depth: options.depth - 1, breaks: false, open: [...open, type] }).map((children) =>
      el(type, {}, padded(children)),
    );
  const containers: fc.Arbitrary<UNode>[] = ["strong", "emphasis", "delete"]
    .filter((type) => !open.includes(type))
    .map(nested);
  if (options.links) {
    containers.push(
      fc
        .record({
          url: plainWord.map((w) => `https://example.com/${w}`),
          title: fc.option(plainWord, { nil: undefined }),
          children: phrasing({ ...options, depth: options.depth - 1, links: false, breaks: false }).map(padded),
        })
        .map(({ url, title, children }) => el("link", title === undefined ? { url } : { url, title }, children)),
    );
  }
  if (containers.length === 0) return fc.oneof(...leaves);
  return fc.oneof({ weight: 3, arbitrary: fc.oneof(...leaves) }, { weight: 2, arbitrary: fc.oneof(...containers) });
}

/**
 * Inline content. Two inline elements always have text between them (markdown cannot tell where
 * `**a****b**` or two adjacent code spans split), and a break only sits between two other nodes.
 */
export function phrasing(options: InlineOptions = { depth: 2, links: true, breaks: true }): fc.Arbitrary<UNode[]> {
  return fc.array(fc.tuple(inline(options), fc.boolean()), { minLength: 1, maxLength: 4 }).map((pairs) => {
    const out: UNode[] = [];
    pairs.forEach(([node, withBreak], i) => {
      const previous = out[out.length - 1];
      if (i > 0 && options.breaks && withBreak) out.push(el("break", {}));
      else if (previous?.type === "text" && node.type === "text") {
        out[out.length - 1] = text((previous as UText).value + (node as UText).value);
        return;
      } else if (previous !== undefined && previous.type !== "text" && node.type !== "text") out.push(text(" "));
      out.push(node);
    });
    return out.map((node, i) =>
      node.type === "text" && ATTENTION.has(out[i + 1]?.type ?? "") ? unslashed(node) : node,
    );
  });
}

const paragraph = phrasing().map((children) => el("paragraph", {}, children));
const heading = fc
  .record({ depth: fc.integer({ min: 1, max: 6 }), children: phrasing({ depth: 2, links: true, breaks: false }) })
  .map(({ depth, children }) => el("heading", { depth }, children));
const codeLine = fc.string({ unit: fc.oneof(wordChar, fc.constant(" ")), maxLength: 20 });
const codeblock = fc
  .record({ lines: fc.array(codeLine, { minLength: 1, maxLength: 4 }), lang: fc.option(plainWord, { nil: undefined }) })
  .map(({ lines, lang }) => {
    const value = lines.join("\n");
    return el("code", lang === undefined ? { value } : { value, lang });
  });
const rule = fc.constant(el("rule", {}));
const table = fc
  .record({
    columns: fc.integer({ min: 1, max: 3 }),
    rows: fc.integer({ min: 1, max: 3 }),
    aligned: fc.boolean(),
  })
  .chain(({ columns, rows, aligned }) =>
    fc
      .record({
        align: aligned
          ? fc.array(fc.constantFrom("left", "right", "center", null), { minLength: columns, maxLength: columns })
          : fc.constant(undefined),
        cells: fc.array(
          fc.array(phrasing({ depth: 1, links: true, breaks: false, table: true }), {
            minLength: columns,
            maxLength: columns,
          }),
          { minLength: rows, maxLength: rows },
        ),
      })
      .map(({ align, cells }) =>
        el(
          "table",
          align !== undefined && align.some((a) => a !== null) ? { align } : {},
          cells.map((row) =>
            el(
              "row",
              {},
              row.map((content) => el("cell", {}, content)),
            ),
          ),
        ),
      ),
  );

function list(depth: number, nested = false): fc.Arbitrary<UElement> {
  const item = fc
    .record({
      checked: fc.option(fc.boolean(), { nil: undefined }),
      content: paragraph,
      nested: depth > 0 ? fc.option(list(depth - 1, true), { nil: undefined }) : fc.constant(undefined),
    })
    .map(({ checked, content, nested }) =>
      el("item", checked === undefined ? {} : { checked }, nested ? [content, nested] : [content]),
    );
  return fc
    .record({
      ordered: fc.boolean(),
      start: fc.integer({ min: 0, max: 20 }),
      spread: fc.boolean(),
      items: fc.array(item, { minLength: 1, maxLength: 3 }),
    })
    .map(({ ordered, start, spread, items }) => {
      const props: Record<string, unknown> = {};
      if (ordered) props.ordered = true;
      // Only a list starting at 1 may interrupt a paragraph, so a nested one starting elsewhere
      // needs a blank line before it and the outer list would read back loose.
      if (ordered && start !== 1 && !nested) props.start = start;
      // A lone item has no gap to show, so only lists of two or more can be loose.
      if (spread && items.length > 1) props.spread = true;
      return el("list", props, items);
    });
}

function block(depth: number): fc.Arbitrary<UElement> {
  const simple = [paragraph, heading, codeblock, rule, table, list(1)];
  if (depth <= 0) return fc.oneof(...simple);
  return fc.oneof(
    ...simple,
    fc.array(block(depth - 1), { minLength: 1, maxLength: 2 }).map((children) => el("quote", {}, children)),
    fc
      .tuple(heading, fc.array(block(depth - 1), { minLength: 1, maxLength: 2 }))
      .map(([title, children]) => el("section", {}, [title, ...children])),
  );
}

/** Random documents in the subset markdown can represent exactly (sections flatten on the way back). */
export const documentArb = fc
  .array(block(2), { minLength: 1, maxLength: 3 })
  .map((children) => el("root", {}, children));
