import { describe, expect, test } from "bun:test";
import {
  decide,
  lineChanges,
  MIN_CHANGES_BETWEEN_FULL,
  type EmissionState,
} from "../../../src/host/claude-code/emission.ts";

const hud = (n: number) =>
  [
    "### Agent HUD",
    "#### Task",
    "fix the parser",
    "#### Notes",
    ...Array.from({ length: n }, (_, i) => `- note number ${i} about the parser's edge cases`),
  ].join("\n");

/** What the agent can read back: the last full copy with the latest change list applied. */
function readBack(full: string, list: string): string[] {
  const lines = full.split("\n").filter((l) => l.trim());
  for (const change of list.split("\n")) {
    if (change.startsWith("- ")) lines.splice(lines.indexOf(change.slice(2)), 1);
    else if (change.startsWith("+ ")) lines.push(change.slice(2));
  }
  return lines.sort();
}

describe("what a hook appends", () => {
  test("start is a full copy with the lead; an unchanged HUD appends nothing", () => {
    const first = decide(undefined, hud(1), true, "LEAD");
    expect(first.kind).toBe("full");
    expect(first.kind === "full" && first.text.startsWith("LEAD\n")).toBe(true);
    const again = decide(first.state, hud(1), false);
    expect(again.kind).toBe("none");
  });

  test("a change is a list against the last full copy that replaces the lists before it", () => {
    const start = decide(undefined, hud(1), true).state!;
    const one = decide(start, hud(2), false);
    expect(one.kind).toBe("changes");
    const two = decide(one.state!, hud(3), false);
    expect(two.kind).toBe("changes");
    if (two.kind !== "changes") throw new Error("expected a change list");
    // cumulative: both added notes are in the second list, so the first list is not needed to read the state
    expect(two.text).toContain("+ - note number 1");
    expect(two.text).toContain("+ - note number 2");
    const list = two.text.split("\n").slice(2, -1).join("\n");
    expect(readBack(start.full, list)).toEqual(
      hud(3)
        .split("\n")
        .filter((l) => l.trim())
        .sort(),
    );
  });

  test("removed and duplicate lines are listed", () => {
    expect(lineChanges("a\nb\nb\nc", "a\nb\nd")).toEqual(["- b", "- c", "+ d"]);
  });

  test("over 40 changing tool batches, no more than 3 full copies (start included)", () => {
    let state: EmissionState | undefined;
    let fulls = 0;
    for (let batch = 0; batch <= 40; batch++) {
      const d = decide(state, hud(batch + 1), batch === 0);
      if (d.kind === "full") fulls++;
      expect(d.kind).not.toBe("none");
      state = d.state;
    }
    expect(fulls).toBeGreaterThan(1);
    expect(fulls).toBeLessThanOrEqual(3);
  });

  test("a list that stays small never brings a full copy, however many batches", () => {
    let state = decide(undefined, hud(30), true).state!;
    for (let batch = 0; batch < 3 * MIN_CHANGES_BETWEEN_FULL; batch++) {
      const d = decide(state, `${hud(30)}\n**Context** ${batch}%`, false);
      expect(d.kind).toBe("changes");
      state = d.state!;
    }
  });
});
