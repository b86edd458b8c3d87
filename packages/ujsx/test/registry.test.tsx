import { describe, expect, test } from "bun:test";
import { Type } from "@sinclair/typebox";
import type { Image, InlineCode } from "mdast";
import { u } from "unist-builder";
import {
  createRegistry,
  defaultRegistry,
  defineNode,
  fromMarkdown,
  h,
  Heading,
  resolve,
  toMarkdown,
  toMdast,
  TransformRegistry,
  UjsxError,
} from "../src/index.ts";

declare module "@agent-hud/ujsx/jsx-runtime" {
  namespace JSX {
    interface IntrinsicElements {
      status: { state: "ok" | "fail"; key?: string | number };
    }
  }
}

// A user kind: a test status rendered as inline code `status:ok`, and read back from it.
const Status = defineNode(
  "status",
  Type.Object({ state: Type.Union([Type.Literal("ok"), Type.Literal("fail")]) }, { additionalProperties: false }),
  { leaf: true },
);
const withStatus = () =>
  createRegistry().register(Status, {
    toMdast: (node) => u("inlineCode", `status:${node.props.state}`),
    fromMdast: {
      inlineCode: (node: InlineCode) =>
        node.value.startsWith("status:")
          ? { type: "status", props: { state: node.value.slice(7) }, children: [] }
          : { type: "inlineCode", props: { value: node.value }, children: [] },
    },
  });

describe("TransformRegistry", () => {
  test("a user kind is registered with one call and works both ways", () => {
    const registry = withStatus();
    const markdown = toMarkdown(
      <paragraph>
        tests <status state="ok" /> and <inlineCode value="x" />
      </paragraph>,
      { registry },
    );
    expect(markdown).toBe("tests `status:ok` and `x`\n");
    expect(fromMarkdown(markdown, { registry }).children[0]).toEqual({
      type: "paragraph",
      props: {},
      children: [
        { type: "text", value: "tests " },
        { type: "status", props: { state: "ok" }, children: [] },
        { type: "text", value: " and " },
        { type: "inlineCode", props: { value: "x" }, children: [] },
      ],
    });
  });

  test("a user kind is validated against its schema, with its path", () => {
    const registry = withStatus();
    expect(() => resolve(h("section", null, h("status", { state: "maybe" })), { registry })).toThrow(
      'Invalid props on <status> at section > status: /state: Expected union value (got "maybe"); expected { state: "ok" | "fail" }',
    );
  });

  test("rules are keyed by the kind object: a kind defined again under the same tag replaces the old one", () => {
    const ShallowHeading = defineNode(
      "heading",
      Type.Object({ depth: Type.Integer({ minimum: 1, maximum: 2 }) }, { additionalProperties: false }),
    );
    const registry = createRegistry().register(ShallowHeading, {
      toMdast: (node, state) => u("heading", { depth: node.props.depth as 1 | 2 }, state.phrasing(node)),
    });
    expect(registry.kind("heading")).toBe(ShallowHeading);
    expect(registry.toMdastHandler(Heading)).toBeUndefined();
    expect(() => resolve(<heading depth={3}>x</heading>, { registry })).toThrow("expected { depth: integer 1..2 }");
    expect(toMarkdown(<heading depth={2}>x</heading>, { registry })).toBe("## x\n");
  });

  test("a default rule can be overridden without touching the defaults", () => {
    const registry = createRegistry().register(Heading, {
      toMdast: (node, state) => u("paragraph", [u("strong", state.phrasing(node))]),
    });
    expect(toMarkdown(<heading depth={1}>Task</heading>, { registry })).toBe("**Task**\n");
    expect(toMarkdown(<heading depth={1}>Task</heading>)).toBe("# Task\n");
    expect(defaultRegistry.toMdastHandler(Heading)).not.toBe(registry.toMdastHandler(Heading));
  });

  test("clone() is independent of its source", () => {
    const copy = defaultRegistry.clone().register(Status, { toMdast: () => u("text", "x") });
    expect(copy.kind("status")).toBe(Status);
    expect(defaultRegistry.kind("status")).toBeUndefined();
    expect([...copy.kinds()].length).toBe([...defaultRegistry.kinds()].length + 1);
  });

  test("an empty registry knows nothing", () => {
    expect(() => toMdast({ type: "root", props: {}, children: [] }, { registry: new TransformRegistry() })).toThrow(
      "No ujsx→mdast rule for <root>",
    );
  });
});

describe("unknown nodes", () => {
  test("ujsx → mdast: the error names the node and where it is", () => {
    const tree = resolve(
      <section>
        <heading depth={2}>x</heading>
        {h("mystery", { a: 1 }, "child")}
      </section>,
    );
    let error: unknown;
    try {
      toMarkdown(tree);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(UjsxError);
    expect((error as UjsxError).message).toBe(
      'No ujsx→mdast rule for <mystery>; define it with defineNode("mystery", schema) and add it with registry.register(kind, { toMdast }) (at root > section > mystery[1])',
    );
    expect((error as UjsxError).path).toBe("root > section > mystery[1]");
  });

  test("mdast → ujsx: the error names the mdast node and where it is", () => {
    expect(() => fromMarkdown("text ![alt](a.png)\n")).toThrow(
      "No mdast→ujsx rule for mdast image; add one with registry.register(kind, { fromMdast: { image: handler } }) (at root > paragraph > image[1])",
    );
  });

  test("the unknown handlers can be replaced", () => {
    const registry = createRegistry().unknown({
      toMdast: (node, state) => state.all(node),
      fromMdast: (node: Image) => ({ type: "text", value: node.alt ?? "" }),
    });
    expect(toMarkdown(h("paragraph", null, h("mystery", null, "kept")), { registry })).toBe("kept\n");
    expect(fromMarkdown("![alt](a.png)\n", { registry }).children[0]).toEqual({
      type: "paragraph",
      props: {},
      children: [{ type: "text", value: "alt" }],
    });
  });
});
