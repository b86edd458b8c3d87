// The hook runtime's markdown parser, required beside the hook on the first parse (build-lazy-markdown.ts):
// ujsx's options, built before the parser is loaded, must parse exactly as the packages' own do.
import { describe, expect, test } from "bun:test";
import { fromMarkdown as packageParse } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm as packageGfm } from "micromark-extension-gfm";
import { mockRequireBeside } from "../helpers/require-beside-mock.ts";

const GFM_TEXT = "| a | b |\n| - | - |\n| 1 | ~~2~~ |\n\n- [x] done www.example.com\n\ntext &amp; more\n";

const file = mockRequireBeside();
const lazy = await import("../../build-lazy-markdown.ts");

describe("the hook runtime's lazy markdown parser", () => {
  test("a missing parser file (a broken install, no fallback) fails the parse with what to do", () => {
    expect(() => lazy.fromMarkdown("x", {})).toThrow(
      "markdown-parser.js is missing beside the plugin's hook; reinstall agent-hud",
    );
  });

  test("options built with its gfm() parse as the packages' own, and the parser loads once, on the first parse", () => {
    file.beside = { fromMarkdown: packageParse, gfm: packageGfm };
    file.loads = 0;
    const options = { extensions: [lazy.gfm()], mdastExtensions: [gfmFromMarkdown()] };
    const parsed = lazy.fromMarkdown(GFM_TEXT, options);
    expect(parsed).toEqual(
      packageParse(GFM_TEXT, { extensions: [packageGfm()], mdastExtensions: [gfmFromMarkdown()] }),
    );
    expect(JSON.stringify(parsed)).toContain('"type":"table"');
    lazy.fromMarkdown("again", options);
    expect(file.loads).toBe(1);
  });
});
