import { expect, test } from "bun:test";
import { applyEvent, densities, emptyState, replay } from "../../src/index.ts";
import { planRead } from "../../src/memory-file/index.ts";
import { parseMemoryFile } from "../../src/memory-file/parse.ts";
import { renderAllDensities } from "../../src/testing/index.ts";
import { example } from "./support.ts";

const FILE = ".opencode/hud/memory.md";
const problemOf = (text: string) => planRead(emptyState("project"), parseMemoryFile(text), "h", 1, FILE)!.problem!;

test("what the memory file could not read is one HUD line, also with no items (then at every density)", () => {
  const text = "# Project memory\n\n## Ideas\n\n- a hand-written idea\n";
  const problem = problemOf(text);
  expect(problem).toBe(
    `${FILE}: could not read lines 3–5 (section "Ideas" is not one of Conventions, Key files, Decisions, Notes, Next steps); kept as written`,
  );
  const withItems = replay("project", [...example]);
  for (const project of [emptyState("project"), withItems]) {
    const event = planRead(project, parseMemoryFile(text), "h", 1, FILE)!;
    const md = renderAllDensities(applyEvent(project, event).state);
    // with items, the minimal budget (80 tokens) may leave the whole project section out, as for any section
    for (const density of project === withItems ? (["full", "compact"] as const) : densities) {
      expect(md[density].split("\n").filter((line) => line.includes("could not read"))).toEqual([
        `**Memory file** ${problem}`,
      ]);
    }
  }
  // a file that reads cleanly clears it
  const clean = applyEvent(withItems, planRead(withItems, parseMemoryFile("# Project memory\n"), "h2", 2, FILE)!).state;
  expect(clean.memoryFile?.problem).toBeUndefined();
  expect(renderAllDensities(clean).full).not.toContain("Memory file");
});
