import { describe, expect, test } from "bun:test";
import { pushedOut } from "../../src/append-only/pushed-out.ts";
import {
  decide,
  FULL_HEADER,
  lineChanges,
  ownCall,
  removalName,
  type Emission,
  UPDATE_HEADER,
  type EmissionState,
} from "../../src/append-only/emission.ts";

const hud = (task: string, notes: number) =>
  [
    "### Agent HUD",
    `**Task** ${task}`,
    "#### Notes",
    ...Array.from({ length: notes }, (_, i) => `- note number ${i} about the parser's edge cases`),
  ].join("\n");

const sorted = (markdown: string) =>
  markdown
    .split("\n")
    .filter((l) => l.trim())
    .sort();

/** What the agent reads: the latest full copy with every update after it applied in order, as FULL_HEADER says. */
function readBack(texts: string[]): string[] {
  let lines: string[] = [];
  for (const text of texts) {
    const body = text.split("\n");
    if (text.includes("<agent-hud>")) {
      lines = body.slice(body.indexOf("<agent-hud>") + 1, body.indexOf("</agent-hud>")).filter((l) => l.trim());
      continue;
    }
    for (const change of body.slice(body.indexOf(UPDATE_HEADER) + 1)) {
      if (change.startsWith("+ ")) lines.push(change.slice(2));
      if (!change.startsWith("- ")) continue;
      const name = change.slice(2);
      const prefix = name.endsWith(" …") ? name.slice(0, -2) : undefined;
      const at = lines.findIndex((l) => l === name || (prefix !== undefined && l.startsWith(`${prefix} `)));
      if (at < 0) throw new Error(`"${change}" names no line the agent holds`);
      lines.splice(at, 1);
    }
  }
  return lines.sort();
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

function emitted(d: Emission): string {
  if (d.kind === "none") throw new Error("expected a HUD text");
  return d.text;
}

describe("what a hook appends", () => {
  test("start is a full copy with the lead; an unchanged HUD appends nothing", () => {
    const first = decide(undefined, hud("fix the parser", 1), true, "LEAD");
    expect(first.kind).toBe("full");
    expect(emitted(first).startsWith("LEAD\n")).toBe(true);
    expect(decide(first.state, hud("fix the parser", 1), false).kind).toBe("none");
  });

  test("an update says only what changed since the previous HUD text, and the updates read back to the HUD", () => {
    const start = decide(undefined, hud("fix the parser", 1), true);
    const one = decide(start.state, hud("fix the parser", 2), false);
    const two = decide(one.state, hud("fix the parser", 3), false);
    expect(one.kind).toBe("changes");
    expect(two.kind).toBe("changes");
    expect(emitted(one)).toContain("+ - note number 1");
    // incremental: the first update's line is not said again
    expect(emitted(two)).not.toContain("note number 1");
    expect(emitted(two)).toContain("+ - note number 2");
    expect(emitted(two).startsWith(`${UPDATE_HEADER}\n`)).toBe(true);
    expect(readBack([emitted(start), emitted(one), emitted(two)])).toEqual(sorted(hud("fix the parser", 3)));
  });

  test("a removed line is named by its first words when they tell it from every other line", () => {
    const held = ["**Task** fix the parser for good", "- note number 1 about x", "- note number 12 about y"];
    expect(removalName(held[0]!, held)).toBe("**Task** …");
    expect(removalName(held[1]!, held)).toBe("- note number 1 …");
    // no shorter name tells these two apart
    expect(removalName("- a b", ["- a b", "- a b c"])).toBe("- a b");
  });

  test("removed and duplicate lines are listed", () => {
    expect(lineChanges("a\nb\nb\nc", "a\nb\nd")).toEqual(["- b", "- c", "+ d"]);
  });

  test("over 40 batches that each change the task, each task line is said once and the HUD reads back", () => {
    const texts = [emitted(decide(undefined, hud("task 0 of the port", 30), true))];
    let state: EmissionState | undefined = decide(undefined, hud("task 0 of the port", 30), true).state;
    for (let n = 1; n <= 40; n++) {
      const d = decide(state, hud(`task ${n} of the port`, 30), false);
      expect(d.kind).toBe("changes");
      texts.push(emitted(d));
      state = d.state;
    }
    const all = texts.join("\n");
    const lines = all.split("\n").map((line) => line.replace(/^\+ /, ""));
    for (let n = 0; n <= 40; n++) expect(lines.filter((l) => l === `**Task** task ${n} of the port`)).toHaveLength(1);
    // one full copy in all, and the updates are one line in, a few words out
    expect(texts.filter((t) => t.includes("<agent-hud>"))).toHaveLength(1);
    expect(readBack(texts)).toEqual(sorted(hud("task 40 of the port", 30)));
  });

  test("a full copy instead when it is shorter than the update (a HUD rewritten nearly whole)", () => {
    const start = decide(undefined, hud("fix the parser", 30), true).state;
    const rewritten = Array.from({ length: 30 }, (_, i) => `- decision ${i}: keep the old API as a wrapper`);
    const d = decide(start, rewritten.join("\n"), false);
    expect(d.kind).toBe("full");
    expect(emitted(d)).toContain("<agent-hud>");
  });

  test("what the agent's own hud call changed is not said again; what changed otherwise is", () => {
    const start = decide(undefined, hud("fix the parser", 1), true);
    const own = ownCall(start.state!, hud("fix the parser", 1), hud("fix the lexer", 1));
    expect(decide(own, hud("fix the lexer", 1), false).kind).toBe("none");
    const other = decide(own, hud("fix the lexer", 2), false);
    expect(emitted(other)).toContain("+ - note number 1");
    expect(emitted(other)).not.toContain("lexer");
  });

  test("an entry that a new one pushed out of a full list is not named; the rule is in the full copy's header", () => {
    const files = (from: number, to: number) =>
      ["### Agent HUD", "#### Active files", ...range(from, to).map((n) => `- \`src/part-${n}.ts\` — read`)].join("\n");
    expect(FULL_HEADER).toContain("newer entries push out leaves unnamed");
    const start = decide(undefined, files(1, 15), true);
    const next = decide(start.state, files(2, 16), false);
    expect(emitted(next)).toBe(`${UPDATE_HEADER}\n+ - \`src/part-16.ts\` — read`);
    // the agent's view converges: the next update is against the HUD as it is, not one holding part-1
    expect(decide(next.state, files(2, 16), false).kind).toBe("none");
    expect(emitted(decide(next.state, files(3, 17), false))).not.toContain("part-2.ts");
  });

  test("what left a list by other means is still named: removed, replaced, or a list that shrank", () => {
    const steps = (...lines: string[]) => ["#### Next steps", ...lines].join("\n");
    // the person finished s1 (the line is replaced) and the agent's list grew by s3: s1's old line is named
    const replaced = decide(
      decide(undefined, steps("- [ ] s1: a", "- [ ] s2: b"), true).state,
      steps("- [x] s1: a", "- [ ] s2: b", "- [ ] s3: c"),
      false,
    );
    expect(emitted(replaced)).toContain("- - [ ] s1");
    // a note removed while another came in: a cap takes the oldest first, so n2 did not age out while n1 stayed
    const notes = (...ids: number[]) => ["#### Notes", ...ids.map((n) => `- n${n}: fact ${n}`)].join("\n");
    expect(pushedOut(notes(1, 2, 3), notes(1, 3, 4))).toEqual([]);
    expect(pushedOut(notes(1, 2, 3), notes(2, 3, 4))).toEqual(["- n1: fact 1"]);
    expect(pushedOut(notes(1, 2, 3), notes(1, 3))).toEqual([]);
    expect(pushedOut(notes(1, 2, 3), notes(3, 4))).toEqual([]);
    expect(emitted(decide(decide(undefined, notes(1, 2, 3), true).state, notes(3, 4), false))).toContain("- - n1");
    // the "+N more" count changing is the same line replaced, never an entry aged out
    const more = (n: number, ...ids: number[]) =>
      ["#### Notes", `- +${n} more notes — \`hud notes.list\``, ...ids.map((i) => `- n${i}: fact ${i}`)].join("\n");
    expect(pushedOut(more(3, 4, 5), more(4, 5, 6))).toEqual(["- n4: fact 4"]);
  });
});
