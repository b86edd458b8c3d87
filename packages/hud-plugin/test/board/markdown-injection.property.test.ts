import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { emptyState, Hud, makeContextInfo, renderHud, replay, type HudEvent } from "@agent-hud/hud-components";
import { terminalText, toTerminal, type UNode } from "@agent-hud/ujsx";
import { h, resolve } from "@agent-hud/ujsx/core";
import { hudRows } from "../../src/board/sidebar-rows.ts";

// The views read the stored markdown back (the board keeps no tree). An agent controls the text of its notes,
// steps and task: markdown it writes there must come back as that text, never as a section, a list item, a
// checkbox, a table or a status line of its own (the markdown injection attack).
const pieces = [
  "\n",
  "\n\n",
  "#### Blockers",
  "### Agent HUD",
  "- ",
  "* ",
  "1. ",
  "- [x] ",
  "[ ] ",
  "> ",
  "**Context** 99% critical",
  "| a | b |\n| - | - |",
  "```",
  "`",
  "~~~",
  "<details>",
  "<!-- x -->",
  "[link](javascript:alert(1))",
  "![img](x.png)",
  "***",
  "---",
  "===",
  "\\",
  "&amp;",
  "_",
  "~~",
  "    indented",
  "\t",
  "word",
  " ",
];
const text = fc
  .array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 12 })
  .map((parts) => parts.join(""))
  .filter((s) => s.trim().length > 0);

const viewWith = (task: string, note: string, step: string) => ({
  session: replay("session", [
    { kind: "task.set", at: 1, description: task } as HudEvent,
    { kind: "note.add", at: 2, content: note } as HudEvent,
    { kind: "step.add", at: 3, description: step } as HudEvent,
  ]),
  project: emptyState("project"),
});

describe("the markdown injection attack on the person's views", () => {
  test("an agent's task, note and step text lays out from the stored markdown exactly as from the <Hud> tree", () => {
    let sawHeading = false;
    fc.assert(
      fc.property(text, text, text, fc.constantFrom(30_000, 150_000, 188_000), (task, note, step, used) => {
        const input = {
          view: viewWith(task, note, step),
          context: makeContextInfo({ usedTokens: used, usableTokens: 192_000 }),
        };
        const { markdown } = renderHud(input.view, input.context);
        const tree = resolve(h(Hud, input), { mode: "trusted" }) as UNode;
        // the agent's texts are in it (at the full density every item shows)
        if (used === 30_000) for (const id of ["s1: ", "n1: ", "#### Task"]) expect(markdown).toContain(id);
        sawHeading ||= `${task}${note}${step}`.includes("#### Blockers");
        expect(terminalText(hudRows({ markdown }, 38))).toBe(terminalText(toTerminal(tree, { width: 38 })));
      }),
      { numRuns: 300 },
    );
    // the generator reaches the case the test is named for
    expect(sawHeading).toBe(true);
  });
});
