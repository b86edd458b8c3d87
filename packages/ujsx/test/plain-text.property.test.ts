import { expect, test } from "bun:test";
import fc from "fast-check";
import type { PhrasingContent, Root, RootContent } from "mdast";
import { toMarkdown as serialize } from "mdast-util-to-markdown";
import { toMarkdownOptions } from "../src/markdown-options.ts";

// The text handler that skips the escaping rules (src/plain-text.ts) must write every text exactly as the
// default handler does, in every context: the same trees serialised with and without it.
const { handlers: _ours, ...withDefault } = toMarkdownOptions;

const text = fc.oneof(
  fc.string({ maxLength: 24 }),
  fc.stringMatching(/^[a-z0-9 :._@\/\\*#+\-=<>!\[\]()`~|&;'"\t\n]{0,24}$/),
  fc.constantFrom("www.example.com", "https://x.io/a", "a@b.co", "1. x", " lead", "trail ", "a_b_c", "*x*", "~~y~~"),
);
const phrasing: fc.Arbitrary<PhrasingContent> = fc.oneof(
  { weight: 6, arbitrary: text.map((value) => ({ type: "text", value }) as PhrasingContent) },
  text.map((value) => ({ type: "strong", children: [{ type: "text", value }] }) as PhrasingContent),
  text.map((value) => ({ type: "emphasis", children: [{ type: "text", value }] }) as PhrasingContent),
  text.map((value) => ({ type: "inlineCode", value }) as PhrasingContent),
  text.map((value) => ({ type: "delete", children: [{ type: "text", value }] }) as PhrasingContent),
  text.map((value) => ({ type: "link", url: "https://e.x/", children: [{ type: "text", value }] }) as PhrasingContent),
  fc.constant({ type: "break" } as PhrasingContent),
);
const line = fc.array(phrasing, { minLength: 1, maxLength: 5 });
const block: fc.Arbitrary<RootContent> = fc.oneof(
  line.map((children) => ({ type: "paragraph", children }) as RootContent),
  fc
    .tuple(fc.integer({ min: 1, max: 6 }), line)
    .map(([depth, children]) => ({ type: "heading", depth, children }) as RootContent),
  fc.array(line, { minLength: 1, maxLength: 3 }).map(
    (items) =>
      ({
        type: "list",
        children: items.map((children) => ({ type: "listItem", children: [{ type: "paragraph", children }] })),
      }) as RootContent,
  ),
  fc.array(line, { minLength: 2, maxLength: 3 }).map(
    (cells) =>
      ({
        type: "table",
        children: [0, 1].map(() => ({
          type: "tableRow",
          children: cells.map((children) => ({ type: "tableCell", children })),
        })),
      }) as RootContent,
  ),
  line.map((children) => ({ type: "blockquote", children: [{ type: "paragraph", children }] }) as RootContent),
);

test("texts written without the escaping rules come out exactly as the default handler writes them (property)", () => {
  fc.assert(
    fc.property(fc.array(block, { minLength: 1, maxLength: 4 }), (children) => {
      const tree: Root = { type: "root", children };
      expect(serialize(tree, toMarkdownOptions)).toBe(serialize(tree, withDefault));
    }),
    { numRuns: 2000 },
  );
}, 60_000);

test("plain text skips the rules, text an escaping rule touches is escaped as before", () => {
  const md = (value: string) =>
    serialize(
      { type: "root", children: [{ type: "paragraph", children: [{ type: "text", value }] }] },
      toMarkdownOptions,
    );
  expect(md("s9: ask for review")).toBe("s9: ask for review\n");
  expect(md("a_b *c* 1. #x")).toBe(
    serialize(
      { type: "root", children: [{ type: "paragraph", children: [{ type: "text", value: "a_b *c* 1. #x" }] }] },
      withDefault,
    ),
  );
  expect(md("# not a heading")).toBe("\\# not a heading\n");
});

// Every string of up to two characters from those markdown gives a meaning to (and a letter, a digit, a space,
// a line break), in the places a HUD puts text: beside other nodes, at a line's start, in a cell, a link.
const SIGNIFICANT = [..."*_[]()#>+-=|~`!<&:.1 a\\\n\t@/w"];
const inContext: Array<(t: PhrasingContent) => RootContent> = [
  (t) => ({ type: "paragraph", children: [t] }),
  (t) => ({ type: "paragraph", children: [{ type: "text", value: "ab" }, t, { type: "text", value: "cd" }] }),
  (t) => ({ type: "paragraph", children: [{ type: "text", value: "http://x" }, t] }),
  (t) => ({ type: "paragraph", children: [{ type: "emphasis", children: [{ type: "text", value: "e" }] }, t] }),
  (t) => ({ type: "paragraph", children: [t, { type: "strong", children: [{ type: "text", value: "s" }] }] }),
  (t) => ({ type: "paragraph", children: [{ type: "break" }, t] }),
  (t) => ({ type: "paragraph", children: [{ type: "inlineCode", value: "c" }, t, { type: "inlineCode", value: "d" }] }),
  (t) => ({ type: "paragraph", children: [{ type: "link", url: "https://e.x/", children: [t] }] }),
  (t) => ({ type: "paragraph", children: [{ type: "delete", children: [t] }] }),
  (t) => ({ type: "heading", depth: 2, children: [t] }),
  (t) => ({ type: "list", children: [{ type: "listItem", children: [{ type: "paragraph", children: [t] }] }] }),
  (t) => ({ type: "blockquote", children: [{ type: "paragraph", children: [t] }] }),
  (t) => ({
    type: "table",
    children: [0, 1].map(() => ({
      type: "tableRow",
      children: [
        { type: "tableCell", children: [t] },
        { type: "tableCell", children: [{ type: "text", value: "c" }] },
      ],
    })),
  }),
];

test("every text of up to two significant characters, in each context, comes out as the default handler writes it (exhaustive)", () => {
  const texts = ["", ...SIGNIFICANT].flatMap((a) => SIGNIFICANT.map((b) => a + b));
  const differ: string[] = [];
  for (const value of texts)
    for (const [i, place] of inContext.entries()) {
      const tree: Root = { type: "root", children: [place({ type: "text", value })] };
      if (serialize(tree, toMarkdownOptions) !== serialize(tree, withDefault))
        differ.push(`${i}:${JSON.stringify(value)}`);
    }
  expect(texts.length).toBe(SIGNIFICANT.length * (SIGNIFICANT.length + 1));
  expect(differ).toEqual([]);
});
