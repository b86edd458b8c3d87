import { describe, expect, test } from "bun:test";
import { toldByCall } from "../../../src/host/claude-code/own-calls.ts";

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
    // a step that pushed the oldest one out of the list: the new step is told, the one gone is not
    expect(
      toldByCall(hud("- [ ] a `s1`", "- [ ] b `s2`"), hud("- [ ] b `s2`", "- [ ] write c `s3`"), {
        description: "write c",
      }),
    ).toEqual(all([], ["- [ ] write c `s3`"]));
  });
});
