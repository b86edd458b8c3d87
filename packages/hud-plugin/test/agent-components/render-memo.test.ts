// A component whose render did not change costs the LLM call nothing: the same JSON from the sandbox gives
// back the same elements, and the HUD's custom-section memo (by output identity) neither resolves nor counts
// them again when another part of the state moved.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { emptyState, makeContextInfo, renderHud, replay, type HudView } from "@agent-hud/hud-components";
import { bpeTokenizer } from "@agent-hud/hud-components/o200k";
import { AgentComponents } from "../../src/agent-components/registry.ts";
import { toElements } from "../../src/agent-components/output.ts";
import { entriesOf } from "../../src/agent-components/registry-parts.ts";
import { relaxTimeLimits } from "./support.ts";

const source = `export default ({ state }) => <paragraph><strong>Task shown</strong> {state.task.description}</paragraph>;`;
const view = (notes: number): HudView => ({
  session: replay("session", [
    { kind: "task.set", at: 1, description: "migrate the users table" },
    { kind: "component.define", at: 2, name: "Shown", source },
    ...Array.from({ length: notes }, (_, i) => ({ kind: "note.add" as const, at: 3 + i, content: `n${i}` })),
  ]),
  project: emptyState("project"),
});

let undo: () => void;
beforeEach(() => (undo = relaxTimeLimits()));
afterEach(() => undo());

test("the same JSON checked twice gives the same elements; other JSON or another name does not", () => {
  const json = JSON.stringify([{ type: "paragraph", props: {}, children: [{ type: "text", value: "a" }] }]);
  const first = toElements(json, "A");
  expect(toElements(json, "A")).toBe(first);
  expect(toElements(json.replace('"a"', '"b"'), "A")).not.toBe(first);
  expect(toElements(json, "B")).not.toBe(first);
});

test("a render that came out the same for a new state is not counted again by the HUD", async () => {
  const counted: string[] = [];
  const tokenizer = {
    ...bpeTokenizer,
    count: (text: string) => (counted.push(text), bpeTokenizer.count(text)),
  };
  const agents = new AgentComponents({ enabled: true, maxCount: 8, budgetMs: 10_000 }, () => 1);
  try {
    const hud = (v: HudView) =>
      renderHud(v, makeContextInfo({ usedTokens: 1, usableTokens: 100_000 }), {
        custom: agents.sections(v),
        tokenizer,
      }).markdown;
    const before = view(0);
    await agents.refresh(before);
    expect(hud(before)).toContain("**Task shown** migrate the users table");
    const ofComponent = () => counted.filter((text) => text.includes("**Task shown**")).length;
    const once = ofComponent();
    expect(once).toBeGreaterThan(0);
    // a note is a new state for the component (its props changed): the sandbox renders it again
    const after = view(1);
    const runner = agents.runnerOf("session", after.session.components![0]!)!;
    expect(runner.missing(after, ["full"])).toEqual(["full"]);
    await agents.refresh(after);
    expect(runner.missing(after, ["full"])).toEqual([]);
    expect(runner.render(after, "full")).toBe(runner.render(before, "full"));
    const md = hud(after);
    expect(md).toContain("**Task shown** migrate the users table");
    expect(md).toContain("n0");
    expect(ofComponent()).toBe(once);
  } finally {
    agents.close();
  }
});

test("a call lists the components once per definition change: the same view's list comes back, a define makes a new one", () => {
  const v = view(0);
  const files: never[] = [];
  const first = entriesOf(v, true, files);
  expect(first.map((e) => e.key)).toEqual(["session:Shown:2:on"]);
  // a note moves the state but not the definitions
  const noted = view(1);
  expect(noted.session.components).not.toBe(v.session.components);
  const sameDefs = { session: { ...noted.session, components: v.session.components }, project: v.project };
  expect(entriesOf(sameDefs, true, files, first)).toBe(first);
  expect(entriesOf(noted, true, files, first)).not.toBe(first);
  expect(entriesOf(v, false, files, first)).toEqual([]);
  // new component files are a change too
  expect(entriesOf(sameDefs, true, [], first)).not.toBe(first);
});
