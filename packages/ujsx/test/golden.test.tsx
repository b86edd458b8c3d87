import { describe, expect, test } from "bun:test";
import { fromMarkdown, resolve, toMarkdown, toMdast, type UElement } from "../src/index.ts";
import { hostile, Hud, realistic } from "./fixtures/hud-document.tsx";
import { expectGolden } from "./support/golden.ts";
import { parse, skeleton } from "./support/structure.ts";

describe("golden markdown", () => {
  test("a realistic HUD document", () => {
    const markdown = toMarkdown(<Hud sample={realistic} />);
    expectGolden("markdown/realistic.md", markdown);
    expect(toMarkdown(<Hud sample={realistic} />, { mode: "production" })).toBe(markdown);
  });

  test("the same document filled with hostile agent text", () => {
    expectGolden("markdown/hostile.md", toMarkdown(<Hud sample={hostile} />));
  });

  test("hostile text keeps the document's block structure and reads back as the same text", () => {
    const tree = resolve(<Hud sample={hostile} />);
    const markdown = toMarkdown(tree);
    expect(skeleton(parse(markdown))).toEqual(skeleton(toMdast(tree)));
    // children: heading, blocker quote, "Task" heading, then the task paragraph.
    const taskParagraph = (fromMarkdown(markdown).children[3] as UElement).children[0];
    expect(taskParagraph).toEqual({ type: "text", value: hostile.task });
  });
});
