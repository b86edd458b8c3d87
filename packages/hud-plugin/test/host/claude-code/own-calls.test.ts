import { describe, expect, test } from "bun:test";
import { toldByCall } from "../../../src/host/claude-code/own-calls.ts";

const hud = (...lines: string[]) => ["**Context** 4% of 180k usable", ...lines].join("\n");

describe("which changes the agent's own hud call told it", () => {
  test("a task set over a placeholder, a note added under its new heading, a step completed by id", () => {
    expect(
      toldByCall(hud("**Task** not set"), hud("#### Task", "wire the exporter"), { description: "wire the exporter" }),
    ).toBe(true);
    expect(
      toldByCall(hud(), hud("#### Notes", "- rows stream in chunks `n1`"), { content: "rows stream in chunks" }),
    ).toBe(true);
    expect(toldByCall(hud("- [ ] write the reader `s3`"), hud("- [x] write the reader `s3`"), { id: "s3" })).toBe(true);
  });

  test("what the call brought but the agent did not write is left to the next update", () => {
    // an earlier session's task and steps, copied in by `resume`
    expect(toldByCall(hud(), hud("#### Task", "port the CLI", "- [ ] add flags `s1`"), { id: "ses_1" })).toBe(false);
    // a note that folded the list to a count
    expect(toldByCall(hud("- old note `n1`"), hud("- new note `n2`", "… 1 more"), { content: "new note" })).toBe(false);
    // a removal the arguments do not name
    expect(toldByCall(hud("- [ ] a `s1`", "- [ ] b `s2`"), hud("- [ ] b `s2`"), { id: "s9" })).toBe(false);
  });
});
