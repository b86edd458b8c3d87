import { describe, expect, test } from "bun:test";
import { jsxDEV } from "../src/jsx-dev-runtime.ts";
import { Fragment, jsx, jsxs } from "../src/jsx-runtime.ts";
import type { JSX } from "../src/jsx-runtime.ts";
import {
  type Child,
  type Component,
  h,
  resolve,
  toMarkdown,
  type UElement,
  UjsxError,
  type UNode,
} from "../src/index.ts";

const root = (...children: UNode[]): UElement => ({ type: "root", props: {}, children });
const text = (value: string): UNode => ({ type: "text", value });
const para = (...children: UNode[]): UNode => ({ type: "paragraph", props: {}, children });

describe("JSX runtime", () => {
  test("jsx, jsxs and jsxDEV build the same element h() builds", () => {
    const viaH = h("heading", { depth: 2 }, "a", "b");
    expect(jsxs("heading", { depth: 2, children: ["a", "b"] })).toEqual(viaH);
    expect(jsxDEV("heading", { depth: 2, children: ["a", "b"] }, undefined, true, undefined, undefined)).toEqual(viaH);
    expect(jsx("rule", {}, "k").key).toBe("k");
    expect(h("rule", { key: 7 }).key).toBe(7);
    expect(h("rule", { key: 7 }).props).toEqual({});
  });

  test("TSX compiles to the runtime and resolves to plain JSON", () => {
    const tree = resolve(
      <paragraph>
        Hello <strong>world</strong>
      </paragraph>,
    );
    expect(tree).toEqual(root(para(text("Hello "), { type: "strong", props: {}, children: [text("world")] })));
    expect(JSON.parse(JSON.stringify(tree))).toEqual(tree);
  });

  test("the JSX namespace types intrinsic props from the schemas", () => {
    const ok: JSX.IntrinsicElements["heading"] = { depth: 3 };
    expect(ok.depth).toBe(3);
    // @ts-expect-error depth is required
    const missing: JSX.IntrinsicElements["heading"] = {};
    // @ts-expect-error align entries are "left" | "right" | "center" | null
    const wrong: JSX.IntrinsicElements["table"] = { align: ["middle"] };
    // @ts-expect-error rule is a leaf kind and takes no children
    const leaf = <rule>x</rule>;
    // @ts-expect-error unknown tag
    const unknown = <div />;
    expect([missing, wrong, leaf, unknown].length).toBe(4);
  });
});

describe("resolve", () => {
  test("components may return strings, arrays or null, and are typed as JSX tags", () => {
    const Word: Component<{ n: number }> = ({ n }) => (n > 0 ? `word${n}` : null);
    const Words: Component = () => [<Word n={1} />, " ", <Word n={2} />, <Word n={0} />];
    // @ts-expect-error n is required
    const missing = <Word />;
    expect(missing.type).toBe(Word);
    expect(
      toMarkdown(
        <paragraph>
          <Words />
        </paragraph>,
      ),
    ).toBe("word1 word2\n");
  });

  test("function components receive props and children", () => {
    const Box: Component<{ title: string }> = ({ title, children }) => (
      <section>
        <heading depth={2}>{title}</heading>
        {children}
      </section>
    );
    const tree = resolve(
      <Box title="Notes">
        <paragraph>inside</paragraph>
      </Box>,
    );
    expect(toMarkdown(tree)).toBe("## Notes\n\ninside\n");
  });

  test("fragments, nested arrays and numbers flatten into the parent", () => {
    const items = [
      ["a", "b"],
      [1, [2]],
    ];
    const tree = resolve(
      <list>
        <>
          {items.flat(2).map((value) => (
            <item key={String(value)}>{value}</item>
          ))}
        </>
      </list>,
    );
    const list = tree.children[0] as UElement;
    expect(list.children.map((child) => (child as UElement).key)).toEqual(["a", "b", "1", "2"]);
    expect(toMarkdown(tree)).toBe("- a\n- b\n- 1\n- 2\n");
  });

  test("false, true, null, undefined and empty strings are dropped; adjacent text merges", () => {
    const show = false;
    const tree = resolve(
      <paragraph>
        {show && <strong>hidden</strong>}
        {null}
        {undefined}
        {true}
        {""}a{"b"}
        {3}
      </paragraph>,
    );
    expect(tree).toEqual(root(para(text("ab3"))));
  });

  test("keys are kept on resolved elements", () => {
    const tree = resolve(h("list", null, h("item", { key: "x" }, "a"), h("item", { key: 2 }, "b")));
    const keys = (tree.children[0] as UElement).children.map((child) => (child as UElement).key);
    expect(keys).toEqual(["x", 2]);
  });

  test("anything that is not root is wrapped in one; an explicit root is kept", () => {
    expect(resolve("plain")).toEqual(root(text("plain")));
    expect(resolve(null)).toEqual(root());
    expect(resolve(<root>x</root>)).toEqual(root(text("x")));
  });

  test("already resolved nodes can be children (and are validated again)", () => {
    const resolved = resolve(<paragraph>x</paragraph>);
    expect(resolve(<quote>{resolved.children}</quote>)).toEqual(
      root({ type: "quote", props: {}, children: [para(text("x"))] }),
    );
    const bad = { type: "heading", props: { depth: 9 }, children: [] };
    expect(() => resolve(bad)).toThrow(/depth/);
  });

  test("an async component is rejected with an error naming it", () => {
    async function LoadNotes(): Promise<Child> {
      return "never";
    }
    const Wrapper: Component = () => <section>{h(LoadNotes as unknown as Component, null)}</section>;
    let error: unknown;
    try {
      resolve(h(Wrapper, null));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(UjsxError);
    expect((error as UjsxError).message).toContain("Component LoadNotes returned a Promise");
    expect((error as UjsxError).path).toBe("Wrapper > section > LoadNotes");
  });

  test("a component's displayName wins over its function name", () => {
    const Inner: Component = () => Promise.resolve("x") as unknown as Child;
    Inner.displayName = "NotesSection";
    expect(() => resolve(h(Inner, null))).toThrow("Component NotesSection returned a Promise");
  });

  test("values that are not children are reported with their path", () => {
    const Bad: Component = () => ({ nope: true }) as unknown as Child;
    expect(() => resolve(<quote>{h(Bad, null)}</quote>)).toThrow(
      'Cannot render {"nope":true} at quote > Bad; expected an element, a string, a number, an array, or null',
    );
  });

  test("Fragment is a plain component and can be used directly", () => {
    expect(resolve(Fragment({ children: ["a", "b"] }))).toEqual(root(text("ab")));
  });
});
