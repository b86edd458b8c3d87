import { describe, expect, test } from "bun:test";
import { renderHud, type CustomSection, type HudComponentProps } from "../src/index.ts";
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
