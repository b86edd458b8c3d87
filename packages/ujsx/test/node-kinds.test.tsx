import { describe, expect, test } from "bun:test";
import { type Child, fromMarkdown, intrinsicKinds, resolve, toMarkdown, type UElement } from "../src/index.ts";
import { normalize } from "./support/normalize.ts";

type Case = {
  tree: Child;
  markdown: string;
  /** What parsing gives back when it differs from the tree (sections vanish, bare text gets its paragraph). */
  back?: Child;
};

// One case per intrinsic kind; the test below fails if a kind is added without one.
const cases: Record<keyof typeof intrinsicKinds, Case> = {
  root: {
    tree: <root>top</root>,
    markdown: "top\n",
    back: (
      <root>
        <paragraph>top</paragraph>
      </root>
    ),
  },
  section: {
    tree: (
      <section>
        <heading depth={2}>Notes</heading>
        <paragraph>body</paragraph>
      </section>
    ),
    markdown: "## Notes\n\nbody\n",
    back: [<heading depth={2}>Notes</heading>, <paragraph>body</paragraph>],
  },
  heading: { tree: <heading depth={3}>Next steps</heading>, markdown: "### Next steps\n" },
  paragraph: { tree: <paragraph>one two</paragraph>, markdown: "one two\n" },
  text: {
    tree: (
      <paragraph>
        <text value="# not a heading" />
      </paragraph>
    ),
    markdown: "\\# not a heading\n",
  },
  strong: {
    tree: (
      <paragraph>
        a <strong>b</strong>
      </paragraph>
    ),
    markdown: "a **b**\n",
  },
  emphasis: {
    tree: (
      <paragraph>
        a <emphasis>b</emphasis>
      </paragraph>
    ),
    markdown: "a *b*\n",
  },
  delete: {
    tree: (
      <paragraph>
        a <delete>b</delete>
      </paragraph>
    ),
    markdown: "a ~~b~~\n",
  },
  inlineCode: {
    tree: (
      <paragraph>
        run <inlineCode value="bun test" />
      </paragraph>
    ),
    markdown: "run `bun test`\n",
  },
  code: {
    tree: <code lang="ts" value={"const a = 1;\n```"} />,
    markdown: "````ts\nconst a = 1;\n```\n````\n",
  },
  link: {
    tree: (
      <paragraph>
        <link url="https://example.com/a" title="A">
          site
        </link>
      </paragraph>
    ),
    markdown: '[site](https://example.com/a "A")\n',
  },
  list: {
    tree: (
      <list ordered start={3} spread>
        <item>a</item>
        <item>b</item>
      </list>
    ),
    markdown: "3. a\n\n4. b\n",
    back: (
      <list ordered start={3} spread>
        <item>
          <paragraph>a</paragraph>
        </item>
        <item>
          <paragraph>b</paragraph>
        </item>
      </list>
    ),
  },
  item: {
    tree: (
      <list>
        <item checked={false}>open</item>
        <item checked>done</item>
        <item>plain</item>
      </list>
    ),
    markdown: "- [ ] open\n- [x] done\n- plain\n",
    back: (
      <list>
        <item checked={false}>
          <paragraph>open</paragraph>
        </item>
        <item checked>
          <paragraph>done</paragraph>
        </item>
        <item>
          <paragraph>plain</paragraph>
        </item>
      </list>
    ),
  },
  table: {
    tree: (
      <table align={["left", "right"]}>
        <row>
          <cell>name</cell>
          <cell>n</cell>
        </row>
        <row>
          <cell>a|b</cell>
          <cell>1</cell>
        </row>
      </table>
    ),
    markdown: "| name | n |\n| :- | -: |\n| a\\|b | 1 |\n",
  },
  row: {
    tree: (
      <table>
        <row>
          <cell>h</cell>
        </row>
        <row>
          <cell>v</cell>
        </row>
      </table>
    ),
    markdown: "| h |\n| - |\n| v |\n",
  },
  cell: {
    tree: (
      <table>
        <row>
          <cell>
            <strong>bold</strong> <inlineCode value="x" />
          </cell>
          <cell />
        </row>
      </table>
    ),
    markdown: "| **bold** `x` | |\n| - | - |\n",
  },
  quote: {
    tree: (
      <quote>
        <paragraph>quoted</paragraph>
      </quote>
    ),
    markdown: "> quoted\n",
  },
  rule: { tree: [<paragraph>a</paragraph>, <rule />, <paragraph>b</paragraph>], markdown: "a\n\n---\n\nb\n" },
  break: {
    tree: (
      <paragraph>
        a<break />b
      </paragraph>
    ),
    markdown: "a\\\nb\n",
  },
};

describe("every intrinsic kind, both ways", () => {
  test("every kind has a case", () => {
    expect(Object.keys(cases).sort()).toEqual(Object.keys(intrinsicKinds).sort());
  });

  for (const [name, { tree, markdown, back }] of Object.entries(cases)) {
    test(`${name}: ujsx → markdown`, () => {
      expect(toMarkdown(tree)).toBe(markdown);
    });
    test(`${name}: markdown → ujsx`, () => {
      const expected = normalize(resolve(back ?? tree));
      expect(normalize(fromMarkdown(markdown))).toEqual(expected);
    });
  }
});

describe("block and inline context", () => {
  test("inline content directly in a block context is wrapped in a paragraph", () => {
    expect(
      toMarkdown(
        <quote>
          loose <strong>text</strong>
          <rule />
        </quote>,
      ),
    ).toBe("> loose **text**\n>\n> ---\n");
  });

  test("non-item content in a list gets an item of its own", () => {
    expect(
      toMarkdown(
        <list>
          first<item>second</item>
          <paragraph>third</paragraph>
        </list>,
      ),
    ).toBe("- first\n- second\n- third\n");
  });

  test("<code> inside inline content is a block, and the error says inline code is <inlineCode>", () => {
    expect(() =>
      toMarkdown(
        <paragraph>
          run <code value="bun test" />
        </paragraph>,
      ),
    ).toThrow("but a child became mdast code (<code> is a code block; inline code is <inlineCode>)");
  });

  test("<codeblock>, the older tag, is read as <code> and resolves to it", () => {
    const tree = resolve(<codeblock lang="ts" value="a" />);
    expect(tree.children).toEqual([{ type: "code", props: { lang: "ts", value: "a" }, children: [] }]);
    expect(toMarkdown(<codeblock value="a" />)).toBe(toMarkdown(<code value="a" />));
  });

  test("a block inside inline content is an error naming the path", () => {
    expect(() =>
      toMarkdown(
        <paragraph>
          a
          <list>
            <item>x</item>
          </list>
        </paragraph>,
      ),
    ).toThrow(
      "<paragraph> takes inline content only (text, strong, emphasis, delete, inlineCode, link, break) but a child became mdast list; move that block out of it (at root > paragraph)",
    );
  });

  test("tables and rows accept only rows and cells", () => {
    expect(() =>
      toMarkdown(
        <table>
          <paragraph>x</paragraph>
        </table>,
      ),
    ).toThrow("<table> takes <row> children only, found mdast paragraph (at root > table)");
    expect(() =>
      toMarkdown(
        <table>
          <row>x</row>
        </table>,
      ),
    ).toThrow("<row> takes <cell> children only, found mdast text");
  });

  test("an empty tree renders as an empty string", () => {
    expect(toMarkdown(null)).toBe("");
    expect(fromMarkdown("")).toEqual({ type: "root", props: {}, children: [] } satisfies UElement);
  });

  test("raw HTML read from markdown comes back as inert text", () => {
    const tree = fromMarkdown("<div>hi</div>\n");
    expect(tree.children).toEqual([{ type: "text", value: "<div>hi</div>" }]);
    expect(toMarkdown(tree)).toBe("\\<div>hi\\</div>\n");
  });
});
