import { expect, test } from "bun:test";
import fc from "fast-check";
import {
  applyEvent,
  emptyState,
  makeContextInfo,
  renderHud,
  utf8BoundTokenizer,
  type HudState,
  type HudView,
} from "@agent-hud/hud-components";
import { AgentComponents } from "../../src/agent-components/registry.ts";

// Valid components built from a small grammar: a heading, paragraphs and a list over the state, each part
// sized by the generator, so some are tiny and some far larger than any budget.
const component = fc
  .record({
    paragraphs: fc.integer({ min: 0, max: 30 }),
    repeat: fc.integer({ min: 1, max: 40 }),
    list: fc.boolean(),
    minimalLine: fc.boolean(),
  })
  .map(
    ({ paragraphs, repeat, list, minimalLine }) => `export default function C({ state, density }) {
  if (density === "minimal" && ${minimalLine}) return <paragraph><strong>C</strong> {state.notes.length}</paragraph>;
  return (
    <section>
      <heading depth={4}>Made by the agent</heading>
      {Array.from({ length: ${paragraphs} }, (_, i) => <paragraph>{("para " + i + " ").repeat(${repeat})}</paragraph>)}
      ${list ? "<list>{state.notes.map((n) => <item><paragraph>{n.content}</paragraph></item>)}</list>" : ""}
    </section>
  );
}`,
  );

const state = fc
  .array(
    fc.string({ minLength: 1, maxLength: 200 }).filter((s) => /\S/.test(s)),
    { maxLength: 25 },
  )
  .map((notes) =>
    notes.reduce<HudState>(
      (s, content, i) => applyEvent(s, { kind: "note.add", at: i + 1, content }).state,
      applyEvent(emptyState(), { kind: "task.set", at: 0, description: "ship it" }).state,
    ),
  );

test("random valid agent components × random states never make a HUD over its budget (property)", async () => {
  let agentShown = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.array(component, { minLength: 1, maxLength: 3 }),
      state,
      fc.integer({ min: 0, max: 100 }),
      fc.integer({ min: 120, max: 1500 }),
      async (sources, session, percent, budget) => {
        let withComponents = session;
        sources.forEach((source, i) => {
          const event = {
            kind: "component.define" as const,
            at: 100 + i,
            name: `C${i}`,
            source,
            priority: 20 + i * 30,
          };
          withComponents = applyEvent(withComponents, event).state;
        });
        const view: HudView = { session: withComponents, project: emptyState("project") };
        const agents = new AgentComponents({ enabled: true, maxCount: 8, budgetMs: 150 }, () => 1);
        await agents.prepare(view);
        const context = makeContextInfo({ usedTokens: percent * 1000, usableTokens: 100_000 });
        const budgets = { full: budget, compact: budget, minimal: budget };
        const result = renderHud(view, context, {
          budgets,
          tokenizer: utf8BoundTokenizer,
          custom: agents.sections(view, []),
        });
        expect(result.tokens).toBeLessThanOrEqual(budget);
        expect(utf8BoundTokenizer.count(result.markdown)).toBeLessThanOrEqual(budget);
        if (result.markdown.includes("Made by the agent") || result.markdown.includes("**C**")) agentShown++;
      },
    ),
    { numRuns: 40 },
  );
  // the generator reaches the case it names: agent sections did make it into HUDs
  expect(agentShown).toBeGreaterThan(0);
});
