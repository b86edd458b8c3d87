import { describe, expect, test } from "bun:test";
import { type Component, h, resolve, toMarkdown, UjsxError, type ValidationMode } from "../src/index.ts";
import { COMPILE_AFTER_USES, loadCompiler } from "../src/validate.ts";

const notes = ["a", "b", "c", "d"];
// Deliberately wrong prop, as a component author could write it without the type checker.
const NotesSection: Component<{ broken?: boolean }> = ({ broken }) => (
  <list>{notes.map((note, i) => h("item", { key: note, checked: broken && i === 3 ? "yes" : undefined }, note))}</list>
);
const Hud: Component<{ broken?: boolean }> = ({ broken }) => <NotesSection broken={broken} />;

function caught(run: () => unknown): UjsxError {
  try {
    run();
  } catch (error) {
    if (error instanceof UjsxError) return error;
    throw error;
  }
  throw new Error("expected a UjsxError");
}

describe.each(["dev", "production"] as ValidationMode[])("%s mode", (mode) => {
  test("a prop failing its schema names the node path and the violation", () => {
    const error = caught(() => resolve(<Hud broken />, { mode }));
    expect(error.path).toBe("Hud > NotesSection > list > item[3]");
    expect(error.message).toBe(
      'Invalid props on <item> at Hud > NotesSection > list > item[3]: /checked: Expected boolean (got "yes"); expected { checked?: boolean }',
    );
  });

  test("valid trees pass and render", () => {
    expect(toMarkdown(<Hud />, { mode })).toBe("- a\n- b\n- c\n- d\n");
  });

  test("range, enum, unknown-prop and missing-prop violations are all reported", () => {
    expect(() => resolve(<heading depth={7}>x</heading>, { mode })).toThrow(
      "/depth: Expected integer to be less or equal to 6 (got 7); expected { depth: integer 1..6 }",
    );
    expect(() => resolve(h("table", { align: ["middle"] }), { mode })).toThrow(
      'expected { align?: ("left" | "right" | "center" | null)[] }',
    );
    expect(() => resolve(h("paragraph", { className: "x" }), { mode })).toThrow(
      /Invalid props on <paragraph> at paragraph: .*Unexpected property/,
    );
    expect(() => resolve(h("link", {}), { mode })).toThrow("/url: Expected required property");
  });

  test("the path prefix option is prepended", () => {
    const error = caught(() => resolve(h("heading", { depth: 0 }), { mode, path: "custom:git-branch.tsx" }));
    expect(error.path).toBe("custom:git-branch.tsx > heading");
  });
});

test("production reports the same before and after a kind's checker is compiled", async () => {
  const broken = () => caught(() => resolve(<Hud broken />, { mode: "production" })).message;
  const before = broken();
  // each valid render checks <item> four times, so this crosses the compile threshold; the compiler loads
  // then, and the next renders use it
  for (let i = 0; i <= COMPILE_AFTER_USES / 4; i++)
    expect(toMarkdown(<Hud />, { mode: "production" })).toBe("- a\n- b\n- c\n- d\n");
  await loadCompiler();
  expect(toMarkdown(<Hud />, { mode: "production" })).toBe("- a\n- b\n- c\n- d\n");
  expect(broken()).toBe(before);
  expect(before).toContain('/checked: Expected boolean (got "yes")');
  expect(() => resolve(h("heading", { depth: 9 }), { mode: "production" })).toThrow("less or equal to 6");
});

describe("dev-only structure checks", () => {
  test("a leaf kind with children is an error in dev, ignored in production", () => {
    const tree = h("code", { value: "x" }, "stray");
    expect(() => resolve(tree)).toThrow(
      '<code> at code takes no children; put its content in props, e.g. <code value="…" />',
    );
    expect(toMarkdown(tree, { mode: "production" })).toBe("```\nx\n```\n");
  });

  test("duplicate sibling keys are an error in dev", () => {
    const tree = h("list", null, h("item", { key: "n1" }, "a"), h("item", { key: "n1" }, "b"));
    expect(() => resolve(tree)).toThrow(
      'Duplicate key "n1" among the children of <list> at list; keys must be unique among siblings',
    );
    expect(() => resolve(tree, { mode: "production" })).not.toThrow();
  });

  test("dev is the default mode", () => {
    expect(() => resolve(h("rule", null, "x"))).toThrow(UjsxError);
  });
});

test("trusted checks nothing: a valid tree renders as in production, a broken prop passes unreported", () => {
  expect(toMarkdown(<Hud />, { mode: "trusted" })).toBe(toMarkdown(<Hud />, { mode: "production" }));
  expect(() => resolve(<Hud broken />, { mode: "production" })).toThrow(UjsxError);
  const tree = resolve(<Hud broken />, { mode: "trusted" });
  expect(JSON.stringify(tree)).toContain('"checked":"yes"');
});
