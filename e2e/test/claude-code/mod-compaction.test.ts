// Compaction from durable state through agent-hud's Claude Code mod (2.1.328 and later): by default the
// mod gives Claude Code's summary request the HUD (once: the PreCompact hook steps aside); with
// `compaction: "hud"` the mod answers the compaction itself and no summary request reaches the API, and the
// HUD reaches the new context once, through the SessionStart(compact) hook's full copy.
import { afterEach, expect, test } from "bun:test";
import { allTextOf, COMPACTION_MARKER, textOf } from "../../harness/fake-anthropic.ts";
import { hud, mainLoop, requestText, startClaudeHud, type ClaudeHud } from "../../harness/claude-hud.ts";
import { transcriptHas } from "../../harness/claude-mod.ts";

const HUD_SUMMARY = "This conversation was compacted by agent-hud from its durable state, with no model summary.";
const FRAMING = "## Your HUD (durable working state)";
const LINE = "the staging database lives on host ALBATROSS-3141";

let env: ClaudeHud | undefined;
afterEach(async () => {
  await env?.stop();
  env = undefined;
});

/** One turn that sets the task and ends over the auto-compact threshold, then the prompt that compacts. */
async function compactOnce(compaction?: "hud") {
  env = startClaudeHud({
    files: compaction ? { ".opencode/agent-hud.jsonc": JSON.stringify({ compaction }) } : {},
    env: { CLAUDE_CODE_AUTO_COMPACT_WINDOW: "100000" },
  });
  const { api, session } = env;
  api.script(
    { toolUses: [hud("task.set", { description: "Ship the CSV exporter" })] },
    { text: "noted", inputTokens: 97_000 },
  );
  await session.send(`Remember: ${LINE}.`);
  await session.waitFor(
    () => transcriptHas(session.project.home, session.sessionId, '"noted"'),
    10_000,
    "the answer in the transcript",
  );
  api.script({ text: "carrying on" });
  await session.send("carry on with the exporter");
  return env;
}

test('compaction: "hud" answers from the stored state with no summary request: latest request, last turns, recall, then the HUD once', async () => {
  const { api } = await compactOnce("hud");
  expect(api.ofKind("compaction")).toHaveLength(0);
  const after = mainLoop(api).find((r) => requestText(r).includes(HUD_SUMMARY));
  expect(after).toBeDefined();
  const summary = after!.body.messages.map(allTextOf).find((text) => text.includes(HUD_SUMMARY))!;
  // the state reaches the new context once: the SessionStart(compact) hook's full copy, not the summary too
  expect(summary).not.toContain("Ship the CSV exporter");
  expect(requestText(after!).split("Ship the CSV exporter")).toHaveLength(2);
  expect(requestText(after!).split("<agent-hud>")).toHaveLength(2);
  // sized for the context the compaction left, not the 97% measured before it
  expect(requestText(after!)).not.toContain("⚠ Context");
  expect(summary).toContain("## The user's latest request\ncarry on with the exporter");
  expect(summary).toContain(LINE);
  expect(summary).toContain('{ tool: "search", args: { query } }');
  // the summary replaced the history: the first prompt survives only inside it
  expect(requestText(after!).split(`Remember: ${LINE}`)).toHaveLength(2);
});

test("by default the summary request is told the HUD once, by the mod (the PreCompact hook steps aside)", async () => {
  const { api } = await compactOnce();
  const [compaction] = api.ofKind("compaction");
  expect(compaction).toBeDefined();
  const instructions = compaction!.body.messages.findLast((m) => allTextOf(m).includes(COMPACTION_MARKER))!;
  const text = textOf(instructions.content);
  expect(text).toContain("Ship the CSV exporter");
  expect(text.split(FRAMING)).toHaveLength(2);
});

test("hud_compact: the agent asks during a turn, the mod starts the compaction once the turn ends", async () => {
  env = startClaudeHud({ env: { CLAUDE_CODE_AUTO_COMPACT_WINDOW: "100000" } });
  const { api, session } = env;
  // 60% of the window: past compactMinPercent (50), short of Claude Code's own auto-compaction
  api.script({ text: "read everything", inputTokens: 60_000 });
  await session.send("read the repository");
  // the agent is told of the tool, once, where the mod that starts the compaction runs (it says hello after
  // SessionStart, so the first prompt's hook tells it)
  const told = requestText(mainLoop(api)[0]!).split("call `hud_compact` (`mcp__plugin_agent-hud_hud__hud_compact`)");
  expect(told).toHaveLength(2);
  await session.waitFor(
    () => transcriptHas(session.project.home, session.sessionId, '"read everything"'),
    10_000,
    "the answer in the transcript",
  );
  api.script({ toolUses: [{ name: "mcp__plugin_agent-hud_hud__hud_compact", input: {} }] }, { text: "compacting" });
  await session.send("save and compact");
  expect(api.ofKind("compaction")).toHaveLength(0);
  const asked = mainLoop(api).at(-1)!;
  expect(requestText(asked)).toContain("the conversation will be summarized when this turn ends");
  await api.waitFor((requests) => requests.some((r) => r.kind === "compaction"), 30_000, "the compaction request");
  expect(api.ofKind("compaction")).toHaveLength(1);
});
