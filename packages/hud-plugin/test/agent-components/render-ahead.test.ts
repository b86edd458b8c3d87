// The LLM call never waits for the sandbox: components render when the state changes, the call reads the
// last render, and a new process (a restart, a resume, a Claude Code hook on its own) shows the render an
// earlier process stored instead of waiting for a sandbox to start.
import { afterEach, beforeEach, expect, spyOn, test } from "bun:test";
import { emptyState, makeContextInfo, renderHud, replay, type HudView } from "@agent-hud/hud-components";
import { bpeTokenizer } from "@agent-hud/hud-components/o200k";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AgentComponents, rendersSettled } from "../../src/agent-components/registry.ts";
import { SandboxProcess } from "../../src/agent-components/sandbox-client.ts";
import { StoredRenders } from "../../src/agent-components/stored-renders.ts";
import { fakeOpencode, tailText, type FakeOpencode } from "../helpers/fake-opencode.ts";
import { relaxTimeLimits } from "./support.ts";

const source = `export default ({ state }) => <paragraph><strong>Notes seen</strong> {state.notes.length}</paragraph>;`;
const view = (notes: number): HudView => ({
  session: replay("session", [
    { kind: "component.define", at: 1, name: "Seen", source },
    ...Array.from({ length: notes }, (_, i) => ({ kind: "note.add" as const, at: 2 + i, content: `n${i}` })),
  ]),
  project: emptyState("project"),
});
const markdown = (agents: AgentComponents, v: HudView) =>
  renderHud(v, makeContextInfo({ usedTokens: 1, usableTokens: 100_000 }), {
    custom: agents.sections(v),
    tokenizer: bpeTokenizer,
  }).markdown;

let dir: string;
let undo: () => void;
let oc: FakeOpencode | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "hud-ahead-"));
  undo = relaxTimeLimits();
});
afterEach(async () => {
  await oc?.close();
  oc = undefined;
  undo();
  rmSync(dir, { recursive: true, force: true });
});

test("a new process shows the render an earlier one stored, without starting a sandbox", async () => {
  const first = new AgentComponents(
    { enabled: true, maxCount: 8, budgetMs: 10_000 },
    () => 1,
    new StoredRenders(dir, () => 1),
  );
  await first.refresh(view(2));
  expect(markdown(first, view(2))).toContain("**Notes seen** 2");
  first.close();
  const calls = spyOn(SandboxProcess.prototype, "renderAll");
  try {
    const next = new AgentComponents(
      { enabled: true, maxCount: 8, budgetMs: 10_000 },
      () => 2,
      new StoredRenders(dir, () => 2),
      true,
    );
    expect(markdown(next, view(2))).toContain("**Notes seen** 2");
    await next.refresh(view(3));
    expect(calls).toHaveBeenCalledTimes(0);
  } finally {
    calls.mockRestore();
  }
});

test("the LLM call never waits for the sandbox: with the sandbox hung, the call returns the last render", async () => {
  oc = await fakeOpencode();
  await oc.hud("ses_a", "components.define", { name: "Seen", source });
  // hung until the test ends; then it answers "never begun", so no background work outlives the test
  const releases: Array<() => void> = [];
  const hung = spyOn(SandboxProcess.prototype, "renderAll").mockImplementation(
    (requests) => new Promise((resolve) => releases.push(() => resolve(requests.map(() => ({ kind: "skipped" }))))),
  );
  try {
    await oc.hud("ses_a", "notes.add", { content: "one" });
    const messages = [oc.user("ses_a", "go")];
    const output = { messages: structuredClone(messages) };
    // the hook itself, not the helper that lets time pass for the renders begun by the state change
    await oc.hooks["experimental.chat.messages.transform"]({}, output as never);
    expect(tailText(output.messages as never, messages)).toContain("**Notes seen** 0");
  } finally {
    hung.mockRestore();
    for (const release of releases) release();
    await rendersSettled();
  }
});
