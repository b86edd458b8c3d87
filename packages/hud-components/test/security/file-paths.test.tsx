import { expect, test } from "bun:test";
import fc from "fast-check";
import { containLines, fromMarkdown, parseMarkdown, toMarkdown, type UElement, type UNode } from "@agent-hud/ujsx";
import { ActiveFiles, ProjectMemory, replay } from "../../src/index.ts";

// File paths come from tool arguments and from the agent: shown as inline code they read verbatim, and
// whatever they hold (backticks, `#`, pipes, fences) they stay one code span inside one list item.
const paths = fc
  .oneof(
    fc.string({ unit: "binary", minLength: 1, maxLength: 60 }),
    fc.constantFrom(
      "PW.edited",
      "# not a heading",
      "a`b",
      "``x``",
      "`",
      "```js",
      "| a | b |",
      "- [ ] x",
      "<script>x</script>",
      "</agent-hud>",
      "src/\\*.ts",
      "*[x](y)*",
      // a control after `<`: contained to U+FFFD after the escaping, so the `<` stays as it is
      "<\u0000",
    ),
  )
  .filter((p) => p.trim().length > 0);

// The only changes a code span sees: whitespace collapsed by the component, and controls, escape
// sequences and bidi characters replaced by U+FFFD by ujsx's containment (as the parser does with NUL).
const expectedValue = (path: string, max: number) => {
  const collapsed = path.replace(/\s+/g, " ").trim();
  if (collapsed.length > max) return undefined;
  return containLines(collapsed).replace(/\n/g, " ");
};

function onlyItem(md: string): UNode[] {
  const root = fromMarkdown(md);
  expect(root.children.map((c) => c.type)).toEqual(["heading", "list"]);
  const list = root.children[1] as UElement;
  expect(list.children).toHaveLength(1);
  const paragraph = (list.children[0] as UElement).children;
  expect(paragraph.map((c) => c.type)).toEqual(["paragraph"]);
  return (paragraph[0] as UElement).children;
}

test("active files: a path is one inline code span, read back exactly (property)", () => {
  fc.assert(
    fc.property(paths, fc.constantFrom("full", "compact") as fc.Arbitrary<"full" | "compact">, (path, density) => {
      const files = replay("session", [{ kind: "file.edit", at: 1, path }]).files;
      const md = toMarkdown(<ActiveFiles files={files} density={density} />);
      const nodes = onlyItem(md);
      const want = expectedValue(path, density === "full" ? 120 : 70);
      if (path.includes("<")) {
        // tags are never raw: a path with `<` is text in which no `<` can open a tag (CommonMark: `<` then a
        // letter, `/`, `!` or `?`), so it cannot spell `</agent-hud>`; a `<` before anything else (a control
        // the containment turned into U+FFFD) needs no escape. Read back, it holds no HTML.
        expect(md).not.toMatch(/(?<!\\)<[A-Za-z/!?]/);
        expect(JSON.stringify(parseMarkdown(md))).not.toContain('"type":"html"');
        return;
      }
      const [code, ...rest] = nodes;
      expect(code!.type).toBe("inlineCode");
      if (want !== undefined) expect((code as UElement).props["value"]).toBe(want);
      expect(rest.map((n) => n.type)).toEqual(["text"]);
    }),
    { numRuns: 1000 },
  );
});

test("key files: the path is one inline code span after the id", () => {
  for (const path of ["a`b`c", "# heading?", "src/PW.edited.ts"]) {
    const project = replay("project", [{ kind: "keyfile.add", at: 1, path, note: "why" }]);
    const md = toMarkdown(<ProjectMemory project={project} density="full" />);
    expect(md).toContain(`k1 key file: ${path.includes("`") ? "``" : "`"}`);
    const [label, code, note] = onlyItem(md);
    expect(label).toEqual({ type: "text", value: "k1 key file: " });
    expect(code).toMatchObject({ type: "inlineCode", props: { value: path } });
    expect(note).toEqual({ type: "text", value: " — why" });
  }
});

test("a path spelling a tag stays escaped text", () => {
  const files = replay("session", [{ kind: "file.open", at: 1, path: "x</agent-hud>.ts", action: "read" }]).files;
  const md = toMarkdown(<ActiveFiles files={files} density="full" />);
  expect(md).toContain("- x\\</agent-hud>.ts — read");
  expect(onlyItem(md).map((n) => n.type)).toEqual(["text"]);
});

test("no markdown escapes inside a path", () => {
  const files = replay("session", [
    { kind: "file.open", at: 1, path: "# notes/PW.edited_*x*.md", action: "read" },
  ]).files;
  expect(toMarkdown(<ActiveFiles files={files} density="full" />)).toContain("- `# notes/PW.edited_*x*.md` — read");
});
