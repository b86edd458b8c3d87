import { describe, expect, test } from "bun:test";
import {
  createRegistry,
  defineNode,
  h,
  terminalText,
  toTerminal,
  type Child,
  type TermLine,
  UjsxError,
} from "../src/index.ts";
import { Type } from "@sinclair/typebox";

const rows = (tree: Child, width = 40) => terminalText(toTerminal(tree, { width })).split("\n");
const spans = (tree: Child, width = 40): TermLine[] => toTerminal(tree, { width });

describe("terminal target: every kind", () => {
  test("root and section only group; text is plain", () => {
    expect(rows(h("section", null, h("paragraph", null, "a"), h("paragraph", null, "b")))).toEqual(["a", "b"]);
    expect(spans(h("paragraph", null, "plain"))).toEqual([[{ text: "plain", style: {} }]]);
    expect(rows(h("text", { value: "leaf" }))).toEqual(["leaf"]);
  });

  test("a heading is bold with the heading role and a blank row before it unless first", () => {
    const lines = spans([
      h("heading", { depth: 2 }, "Task"),
      h("paragraph", null, "x"),
      h("heading", { depth: 3 }, "N"),
    ]);
    expect(lines[0]).toEqual([{ text: "Task", style: { bold: true, role: "heading" } }]);
    expect(terminalText(lines).split("\n")).toEqual(["Task", "x", "", "N"]);
  });

  test("a paragraph wraps words at the width and cuts a word longer than a row", () => {
    expect(rows(h("paragraph", null, "aaa bbb ccc ddd"), 8)).toEqual(["aaa bbb", "ccc ddd"]);
    expect(rows(h("paragraph", null, "x".repeat(20)), 8)).toEqual(["xxxxxxxx", "xxxxxxxx", "xxxx"]);
  });

  test("strong, emphasis and delete style their spans and nest", () => {
    const [line] = spans(
      h("paragraph", null, h("strong", null, "b ", h("emphasis", null, "bi")), " ", h("delete", null, "s")),
    );
    expect(line).toEqual([
      { text: "b ", style: { bold: true } },
      { text: "bi", style: { bold: true, italic: true } },
      { text: " ", style: {} },
      { text: "s", style: { strike: true } },
    ]);
  });

  test("inline code keeps its value on one row with the code role", () => {
    expect(spans(h("paragraph", null, h("inlineCode", { value: "a\nb" })))).toEqual([
      [{ text: "a b", style: { role: "code" } }],
    ]);
  });

  test("a code block keeps each source line as a row and cuts long ones", () => {
    expect(rows(h("code", { value: "let a = 1;\n  indented line here", lang: "ts" }), 10)).toEqual([
      "let a = 1;",
      "  indented",
      " line here",
    ]);
  });

  test("a tab in a code block is two cells, so the row's width is what the terminal shows", () => {
    expect(rows(h("code", { value: "if (x) {\n\treturn 1;\n\t\tdeep\n}" }), 12)).toEqual([
      "if (x) {",
      "  return 1;",
      "    deep",
      "}",
    ]);
    // cut at the width counted with the tab's two cells
    expect(rows(h("code", { value: "\tabcdefghij" }), 8)).toEqual(["  abcdef", "ghij"]);
  });

  test("a link shows its text with the link role, not its address", () => {
    expect(spans(h("paragraph", null, h("link", { url: "https://x.test" }, "docs")))).toEqual([
      [{ text: "docs", style: { role: "link" } }],
    ]);
  });

  test("bullet, ordered and task lists hang their marker", () => {
    expect(rows(h("list", null, h("item", null, "one two three"), h("item", null, "b")), 10)).toEqual([
      "• one two",
      "  three",
      "• b",
    ]);
    expect(rows(h("list", { ordered: true, start: 9 }, h("item", null, "a"), h("item", null, "b")))).toEqual([
      "9. a",
      "10. b",
    ]);
    expect(rows(h("list", null, h("item", { checked: true }, "done"), h("item", { checked: false }, "open")))).toEqual([
      "[x] done",
      "[ ] open",
    ]);
    expect(spans(h("list", null, h("item", null, "a")))[0]?.[0]).toEqual({ text: "• ", style: { role: "marker" } });
  });

  test("nested and spread lists, and bare content inside a list", () => {
    expect(rows(h("list", null, h("item", null, "a", h("list", null, h("item", null, "b")))))).toEqual([
      "• a",
      "  • b",
    ]);
    expect(rows(h("list", { spread: true }, h("item", null, "a"), h("item", null, "b")))).toEqual(["• a", "", "• b"]);
    expect(rows(h("list", null, "bare"))).toEqual(["• bare"]);
  });

  test("a quote prefixes every row with a bar", () => {
    expect(rows(h("quote", null, h("paragraph", null, "one two three")), 9)).toEqual(["│ one two", "│ three"]);
  });

  test("a rule spans the width", () => {
    expect(rows(h("rule", null), 12)).toEqual(["─".repeat(12)]);
  });

  test("a break starts a new row inside a paragraph", () => {
    expect(rows(h("paragraph", null, "a", h("break", null), "b"))).toEqual(["a", "b"]);
  });

  test("a table shows each row's cells joined by a bar, the header bold", () => {
    const lines = spans(
      h(
        "table",
        null,
        h("row", null, h("cell", null, "k"), h("cell", null, "v")),
        h("row", null, h("cell", null, "1"), h("cell", null, "2")),
      ),
    );
    expect(terminalText(lines).split("\n")).toEqual(["k │ v", "1 │ 2"]);
    expect(lines[0]?.every((span) => span.style.bold)).toBe(true);
    expect(lines[1]?.some((span) => span.style.bold)).toBe(false);
  });

  test("block content inside inline content is an error naming the path", () => {
    expect(() => toTerminal(h("paragraph", null, h("strong", null, h("list", null, h("item", null, "x")))))).toThrow(
      UjsxError,
    );
  });

  test("a registered kind gets its terminal rule; a kind without one fails with a clear error", () => {
    const Badge = defineNode("badge", Type.Object({ label: Type.String() }), { leaf: true });
    const registry = createRegistry().register(Badge, {
      toTerminal: (node) => ({ inline: [{ text: `<${node.props.label}>`, style: { role: "marker" } }] }),
    });
    expect(terminalText(toTerminal(h("paragraph", null, h("badge", { label: "ok" })), { registry }))).toBe("<ok>");
    const bare = createRegistry().register(Badge, {});
    expect(() => toTerminal(h("badge", { label: "x" }), { registry: bare })).toThrow(
      /No ujsx→terminal rule for <badge>/,
    );
  });

  test("width below the minimum is raised to 8 cells", () => {
    expect(rows(h("rule", null), 2)).toEqual(["─".repeat(8)]);
  });
});
