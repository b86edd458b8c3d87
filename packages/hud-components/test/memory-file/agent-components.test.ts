import { describe, expect, test } from "bun:test";
import { applyEvent, type HudState } from "../../src/index.ts";
import { fileMatches, memoryItemsOf, planRead, writeMemoryFile } from "../../src/memory-file/index.ts";
import { parseMemoryFile } from "../../src/memory-file/parse.ts";
import { example, projectOf } from "./support.ts";

const SOURCE = "export default function Tables() { return <paragraph>secret-looking code body</paragraph>; }";

/** The project state with agent components defined (project scope), as the log folds them. */
function withComponents(state: HudState, names: string[]): HudState {
  return names.reduce(
    (s, name, i) => applyEvent(s, { kind: "component.define", at: 10 + i, name, source: SOURCE }).state,
    state,
  );
}

describe("the memory file lists the project's agent components by name", () => {
  test("names only, under their own section after the memory; never their code", () => {
    const project = withComponents(projectOf(example), ["Tables", "FailingTests"]);
    const text = writeMemoryFile(memoryItemsOf(project), [], ["Tables", "FailingTests"]);
    const section = text.slice(text.indexOf("## Agent components"));
    expect(text.indexOf("## Agent components")).toBeGreaterThan(text.indexOf("## Next steps"));
    expect(section).toContain("- `Tables`\n- `FailingTests`\n");
    expect(text).not.toContain("secret-looking code body");
    expect(text).not.toContain("export default");
  });

  test("the section reads back as names, not as items or unread text, and a file without it lists none", () => {
    const project = withComponents(projectOf(example), ["Tables"]);
    const parsed = parseMemoryFile(writeMemoryFile(memoryItemsOf(project), [], ["Tables"]));
    expect(parsed.components).toEqual(["Tables"]);
    expect(parsed.unread).toEqual([]);
    expect(parsed.items).toEqual(memoryItemsOf(project));
    expect(parseMemoryFile(writeMemoryFile(memoryItemsOf(project))).components).toEqual([]);
  });

  test("a list that differs from the log makes the file stale (it is rewritten), and reading it removes nothing", () => {
    const project = withComponents(projectOf(example), ["Tables"]);
    const current = parseMemoryFile(writeMemoryFile(memoryItemsOf(project), [], ["Tables"]));
    expect(fileMatches(project, current)).toBe(true);
    // the person deletes the component's line: the list is output only, so the file is due a rewrite
    const edited = parseMemoryFile(writeMemoryFile(memoryItemsOf(project)));
    expect(fileMatches(project, edited)).toBe(false);
    const event = planRead(project, edited, "h:edited", 100, ".opencode/hud/memory.md");
    const after = event ? applyEvent(project, event).state : project;
    expect(after.components?.map((c) => c.name)).toEqual(["Tables"]);
    expect(memoryItemsOf(after)).toEqual(memoryItemsOf(project));
  });
});
