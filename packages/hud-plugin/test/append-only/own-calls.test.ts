import { describe, expect, test } from "bun:test";
import { decide, ownCall, UPDATE_HEADER } from "../../src/append-only/emission.ts";
import { toldByCall } from "../../src/append-only/own-calls.ts";

const hud = (...lines: string[]) => ["**Context** 4% of 180k usable", ...lines].join("\n");
const all = (before: string[], after: string[]) => ({ before: before.join("\n"), after: after.join("\n") });

describe("which changes the agent's own hud call told it", () => {
  test("a task set over a placeholder, a note added under its new heading, a step completed by id", () => {
    expect(
      toldByCall(hud("**Task** not set"), hud("#### Task", "wire the exporter"), { description: "wire the exporter" }),
    ).toEqual(all(["**Task** not set"], ["#### Task", "wire the exporter"]));
    expect(toldByCall(hud(), hud("#### Notes", "- rows stream `n1`"), { content: "rows stream" })).toEqual(
      all([], ["#### Notes", "- rows stream `n1`"]),
    );
    expect(toldByCall(hud("- [ ] write the reader `s3`"), hud("- [x] write the reader `s3`"), { id: "s3" })).toEqual(
      all(["- [ ] write the reader `s3`"], ["- [x] write the reader `s3`"]),
    );
  });

  test("what the call brought but the agent did not write is left to the next update", () => {
    // an earlier session's task and steps, copied in by `resume`
    expect(toldByCall(hud(), hud("#### Task", "port the CLI", "- [ ] add flags `s1`"), { id: "ses_1" })).toEqual(
      all([], []),
    );
  });

  test("a step that pushed the oldest one out of a full list: both are told (the full copy's header gives the rule)", () => {
    expect(
      toldByCall(hud("- [ ] a `s1`", "- [ ] b `s2`"), hud("- [ ] b `s2`", "- [ ] write c `s3`"), {
        description: "write c",
      }),
    ).toEqual(all(["- [ ] a `s1`"], ["- [ ] write c `s3`"]));
  });

  test("a growing session: the agent adds a step and reads a file to full lists; the update says the file alone", () => {
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
    const board = (steps: number, files: number) =>
      [
        "### Agent HUD",
        "#### Task",
        "stream the exporter",
        "#### Next steps",
        ...range(steps - 9, steps).map((n) => `- [ ] s${n}: write part ${n} of the exporter`),
        "#### Active files",
        ...range(files - 14, files).map((n) => `- \`src/part-${n}.ts\` — read`),
        "**Context** 3% of 180k usable",
      ].join("\n");
    let state = decide(undefined, board(10, 15), true).state!;
    for (let n = 11; n <= 13; n++) {
      const before = board(n - 1, n + 4);
      const after = board(n, n + 4);
      const told = toldByCall(before, after, { description: `write part ${n} of the exporter` });
      state = ownCall(state, told.before, told.after, after);
      const update = decide(state, board(n, n + 5), false);
      expect(update.kind === "changes" && update.text).toBe(`${UPDATE_HEADER}\n+ - \`src/part-${n + 5}.ts\` — read`);
      state = update.state!;
    }
  });
});
