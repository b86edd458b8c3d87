import { describe, expect, test } from "bun:test";
import { applyEvent, renderHud, type CustomSection, type HudComponentProps } from "../src/index.ts";
import { contextAt } from "../src/internal.ts";
import { referenceView } from "../src/testing/index.ts";

const Branch = ({ density, directory }: HudComponentProps) => (
  <paragraph>
    <strong>Branch</strong> {density === "minimal" ? "main" : `main in ${directory}`}
  </paragraph>
);

const render = (custom: CustomSection[]) =>
  renderHud(referenceView(), contextAt(30), { custom, directory: "/repo", budgets: { full: 5000 } });

describe("custom sections", () => {
  test("placed before/after a built-in section and given the HUD props", () => {
    const md = render([{ name: "branch", component: Branch, before: "blockers" }]).markdown;
    expect(md).toContain("**Branch** main in /repo");
    expect(md.indexOf("**Branch**")).toBeLessThan(md.indexOf("#### Blockers"));
    const after = render([{ name: "branch", component: Branch, after: "notes" }]).markdown;
    expect(after.indexOf("**Branch**")).toBeGreaterThan(after.indexOf("#### Notes"));
  });

  const failing: Array<[string, CustomSection["component"], RegExp]> = [
    [
      "throws",
      () => {
        throw new Error("git not found\nstack line");
      },
      /git not found$/m,
    ],
    ["returns a promise", (() => Promise.resolve(null)) as never, /returned a Promise/],
    ["renders an invalid node", () => <heading depth={9 as 1}>x</heading>, /depth/],
    ["renders an unknown tag", () => ({ type: "blink", props: {}, children: [] }) as never, /blink/],
  ];
  for (const [what, component, reason] of failing) {
    test(`a component that ${what} shows one line naming its source; the rest is intact`, () => {
      const good = render([]);
      const r = render([{ name: "bad", component, source: ".opencode/hud/bad.tsx", after: "task" }]);
      const line = r.markdown.split("\n").find((l) => l.includes(".opencode/hud/bad.tsx")) ?? "";
      expect(line).toStartWith("**⚠ custom section failed** .opencode/hud/bad.tsx: ");
      expect(line).toMatch(reason);
      expect(r.markdown.replace(`${line}\n\n`, "")).toBe(good.markdown);
    });
  }

  test("volatile custom sections are re-rendered every call and do not change the stable hash", () => {
    let n = 0;
    const Clock = () => <paragraph>{`tick ${++n}`}</paragraph>;
    const custom: CustomSection[] = [{ name: "clock", component: Clock, stability: "volatile" }];
    const a = render(custom);
    const b = render(custom);
    expect(a.volatile).toContain("tick 1");
    expect(b.volatile).toContain("tick 2");
    expect(b.stableHash).toBe(a.stableHash);
  });

  test("a low-priority custom section is omitted before built-ins under pressure", () => {
    const Big = () => <paragraph>{"word ".repeat(2000)}</paragraph>;
    const r = renderHud(referenceView(), contextAt(30), { custom: [{ name: "big", component: Big, priority: 1 }] });
    expect(r.omitted["big"]).toBe(1);
    expect(r.markdown).toContain("1 big section");
    expect(r.tokens).toBeLessThanOrEqual(800);
    expect(r.markdown).toContain("#### Blockers");
  });
});

describe("custom sections memoised by their output", () => {
  // A spy inside the output: it runs whenever the output is resolved (validated, serialised) again.
  const counting = () => {
    const calls = { resolved: 0 };
    const Inner = () => {
      calls.resolved++;
      return <paragraph>inner</paragraph>;
    };
    return { calls, Inner };
  };

  test("a component returning the same intrinsic tree is not resolved or counted again when another section changes", () => {
    const calls = { counted: 0 };
    // one token per character: additive, so the parts' counts are summed and the whole is never re-counted
    const tokenizer = {
      name: "spy",
      additive: true,
      count: (text: string) => {
        if (text.includes("deploy green")) calls.counted++;
        return text.length;
      },
    };
    // a getter spy on the element's children: resolving or serialising it again reads them again
    const paragraph = (
      <paragraph>
        <strong>Deploy</strong> deploy green
      </paragraph>
    );
    const children = (paragraph as { children: unknown }).children;
    let reads = 0;
    Object.defineProperty(paragraph, "children", { get: () => (reads++, children) });
    const output = [paragraph];
    let rendered = 0;
    const Deploy = () => {
      rendered++;
      return output;
    };
    const custom: CustomSection[] = [{ name: "deploy", component: Deploy }];
    let view = referenceView();
    const first = renderHud(view, contextAt(30), { custom, tokenizer, budgets: { full: 100_000 } });
    const countedOnce = calls.counted;
    const readOnce = reads;
    expect(countedOnce).toBeGreaterThan(0);
    expect(readOnce).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) {
      // a note edit rebuilds the stable part: the custom section is asked again, returns the same output
      view = { ...view, session: applyEvent(view.session, { kind: "note.add", at: 100 + i, content: `n${i}` }).state };
      const next = renderHud(view, contextAt(30), { custom, tokenizer, budgets: { full: 100_000 } });
      expect(next.markdown).toContain("**Deploy** deploy green");
      expect(next.markdown).not.toBe(first.markdown);
    }
    expect(rendered).toBe(4);
    expect(calls.counted).toBe(countedOnce);
    expect(reads).toBe(readOnce);
  });

  test("fallback: an output holding a function component is resolved again on every rebuild", () => {
    const { calls, Inner } = counting();
    const output = <Inner />;
    const custom: CustomSection[] = [{ name: "inner", component: () => output }];
    let view = referenceView();
    for (let i = 0; i < 3; i++) {
      view = { ...view, session: applyEvent(view.session, { kind: "note.add", at: 100 + i, content: `n${i}` }).state };
      expect(renderHud(view, contextAt(30), { custom, budgets: { full: 5000 } }).markdown).toContain("inner");
    }
    expect(calls.resolved).toBe(3);
  });

  test("a new output object is resolved again (an edited render shows at once)", () => {
    let text = "v1";
    const custom: CustomSection[] = [{ name: "v", component: () => <paragraph>{text}</paragraph> }];
    let view = referenceView();
    expect(renderHud(view, contextAt(30), { custom, budgets: { full: 5000 } }).markdown).toContain("v1");
    text = "v2";
    view = { ...view, session: applyEvent(view.session, { kind: "note.add", at: 100, content: "n" }).state };
    expect(renderHud(view, contextAt(30), { custom, budgets: { full: 5000 } }).markdown).toContain("v2");
  });
});
