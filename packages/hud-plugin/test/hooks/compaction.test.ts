import { afterEach, beforeEach, expect, test } from "bun:test";
import { fakeOpencode, tailText, type FakeOpencode } from "../helpers/fake-opencode.ts";

let oc: FakeOpencode;
beforeEach(async () => {
  oc = await fakeOpencode();
});
afterEach(() => oc.close());

test("compacting adds the full state with self-continuity framing and keeps opencode's prompt", async () => {
  await oc.hud("ses_a", "task.set", { description: "Refactor the router" });
  for (let i = 1; i <= 25; i++) await oc.hud("ses_a", "notes.add", { content: `note number ${i}` });
  const output = { context: [] as string[], prompt: undefined as string | undefined };
  await oc.hooks["experimental.session.compacting"]({ sessionID: "ses_a" }, output);
  expect(output.prompt).toBeUndefined();
  expect(output.context).toHaveLength(1);
  const text = output.context[0]!;
  expect(text).toContain("summarizing your own work");
  expect(text).toContain("Refactor the router");
  // every item the state holds, not a budget-fitted view (the projector caps notes at 20)
  for (let i = 6; i <= 25; i++) expect(text).toContain(`note number ${i}`);
});

test("the compaction request gets no HUD tail; after session.compacted the summary is kept and usage resets", async () => {
  await oc.system("ses_a");
  await oc.hud("ses_a", "task.set", { description: "Refactor the router" });
  await oc.hooks["experimental.session.compacting"]({ sessionID: "ses_a" }, { context: [] });
  const history = [oc.user("ses_a", "a"), oc.assistant("ses_a", 190_000)];
  expect(await oc.transform(history)).toEqual(history);

  const summary = oc.assistant("ses_a", 5_000, { summary: true });
  summary.parts[0]!.text = "We refactored half of the router.";
  oc.setSessionMessages([...history, oc.user("ses_a", "compact"), summary]);
  await oc.event("session.compacted", { sessionID: "ses_a" });
  const next = [oc.user("ses_a", "continue")];
  const hud = tailText(await oc.transform(next), next)!;
  expect(hud).toContain("Refactor the router");
  expect(hud).toContain("We refactored half of the router.");
  expect(await oc.hud("ses_a", "history")).toContain("compact.after");
});

test("the compaction call's system prompt gets no preamble", async () => {
  await oc.hooks["experimental.session.compacting"]({ sessionID: "ses_a" }, { context: [] });
  expect(await oc.system("ses_a", ["You are a context summarization agent."])).toEqual([
    "You are a context summarization agent.",
  ]);
  await oc.event("session.compacted", { sessionID: "ses_a" });
  expect((await oc.system("ses_a")).join("\n")).toContain("# Agent HUD");
});

test("the call right after the compaction gets its HUD and preamble before session.compacted has arrived", async () => {
  // opencode 1 sends the continuation while the plugin still reads the summary back for session.compacted;
  // only its snapshots used to stand between the two calls
  await oc.hud("ses_a", "task.set", { description: "Refactor the router" });
  await oc.hooks["experimental.session.compacting"]({ sessionID: "ses_a" }, { context: [] });
  const history = [oc.user("ses_a", "a"), oc.assistant("ses_a", 190_000)];
  expect(await oc.transform(history)).toEqual(history);
  expect(await oc.system("ses_a", ["You are a context summarization agent."])).toEqual([
    "You are a context summarization agent.",
  ]);
  const next = [oc.user("ses_a", "continue")];
  expect(tailText(await oc.transform(next), next)).toContain("Refactor the router");
  expect((await oc.system("ses_a")).join("\n")).toContain("# Agent HUD");
});

test("the call right after the compaction starts from unknown usage, before session.compacted has arrived", async () => {
  await oc.hud("ses_a", "task.set", { description: "Refactor the router" });
  for (let i = 1; i <= 3; i++) await oc.hud("ses_a", "notes.add", { content: `note number ${i}` });
  // near the window's end: the HUD collapses to the critical density
  const before = [oc.user("ses_a", "a"), oc.assistant("ses_a", 199_000)];
  expect(tailText(await oc.transform(before), before)).toContain("Context");
  await oc.hooks["experimental.session.compacting"]({ sessionID: "ses_a" }, { context: [] });
  await oc.transform([...before]);
  await oc.system("ses_a", ["You are a context summarization agent."]);
  const next = [oc.user("ses_a", "continue")];
  const hud = tailText(await oc.transform(next), next)!;
  // every note in full: no critical collapse to counts from the usage read before the compaction
  for (let i = 1; i <= 3; i++) expect(hud).toContain(`note number ${i}`);
  expect(hud).not.toMatch(/Context \d+%\*\*/);
});
