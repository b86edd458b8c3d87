// A real auto-compaction in Claude Code: the HUD's state goes into the summary request, the full HUD comes
// right after the summary, sized for what the compaction left (full density, notes in full, no warning), and
// `search` finds a line only the compacted-away conversation held.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { allTextOf, COMPACTION_MARKER, textOf, type RecordedRequest } from "../../harness/fake-anthropic.ts";
import { claudeEnv } from "../../harness/claude.ts";
import { PLUGIN_DIR } from "../../harness/opencode.ts";
import {
  CHANGES_OPEN,
  currentHud,
  fullCopies,
  HUD_OPEN,
  hud,
  mainLoop,
  requestText,
  startClaudeHud,
  toolResults,
  type ClaudeHud,
} from "../../harness/claude-hud.ts";

/** Whether the session's transcript (Claude Code's JSONL under the HOME) holds `needle` yet. */
function transcriptHas(home: string, sessionId: string, needle: string): boolean {
  const projects = join(home, ".claude", "projects");
  if (!existsSync(projects)) return false;
  return readdirSync(projects, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(`${sessionId}.jsonl`))
    .some((name) => readFileSync(join(projects, name), "utf8").includes(needle));
}

const SUMMARY = "SUMMARY-7c1e: the user asked for an exporter";
const LINE = "the staging database lives on host ALBATROSS-3141";
const NOTES = ["exports stream in chunks of 512 rows", "the CSV dialect is RFC 4180", "dates are written as ISO 8601"];

let env: ClaudeHud;
let firstAfter: RecordedRequest | undefined;
beforeAll(() => {
  env = startClaudeHud({ api: { summary: SUMMARY }, env: { CLAUDE_CODE_AUTO_COMPACT_WINDOW: "100000" } });
});
afterAll(() => env?.stop());

test("auto-compaction carries the state, the full-density HUD follows the summary, search recalls the lost line", async () => {
  const { api, session } = env;
  api.script(
    {
      toolUses: [
        hud("task.set", { description: "Ship the CSV exporter" }),
        ...NOTES.map((content) => hud("notes.add", { content })),
      ],
    },
    // the usage of this reply puts the context over Claude Code's auto-compact threshold
    { text: "noted", inputTokens: 97_000 },
  );
  await session.send(`Remember: ${LINE}.`);
  expect(api.ofKind("compaction")).toHaveLength(0);
  // A person types the next prompt seconds after an answer; this script would send it within milliseconds,
  // sometimes before Claude Code has written that answer (and its usage) to the transcript the prompt's hook
  // reads. Wait until it has, as any typed prompt would.
  await session.waitFor(
    () => transcriptHas(session.project.home, session.sessionId, '"noted"'),
    10_000,
    "the answer in the transcript",
  );

  api.script({ toolUses: [hud("search", { query: "ALBATROSS" })] }, { text: "found it" });
  await session.send("carry on with the exporter");
  const [compaction] = api.ofKind("compaction");
  expect(compaction).toBeDefined();
  // the state joins Claude Code's own summary instructions (text blocks only: the history's tool calls hold it too)
  const instructions = compaction!.body.messages.findLast((m) => allTextOf(m).includes(COMPACTION_MARKER))!;
  expect(textOf(instructions.content)).toContain("Ship the CSV exporter");

  const after = mainLoop(api).filter((r) => r.index > compaction!.index);
  expect(after).toHaveLength(2);
  const [resumed, searched] = after;
  firstAfter = resumed!;
  const text = requestText(resumed!);
  expect(text).toContain(SUMMARY);
  expect(text).not.toContain("ALBATROSS");
  // the full HUD is the first thing after the summary: the compacted-away copies are gone and the first call
  // after it carries a fresh one (Claude Code appends hook context after the prompt that starts the turn)
  const summaryAt = resumed!.body.messages.findIndex((m) => allTextOf(m).includes(SUMMARY));
  const hudAt = resumed!.body.messages.findIndex((m) => allTextOf(m).includes(HUD_OPEN));
  expect(summaryAt).toBeGreaterThanOrEqual(0);
  expect(hudAt).toBeGreaterThan(summaryAt);
  expect(fullCopies(resumed!)).toBe(1);
  const first = currentHud(resumed!)!;
  expect(first).toContain("Ship the CSV exporter");
  // sized for the context the compaction left, not the 97,000 tokens measured before it: the full density,
  // every note in full (a minimal HUD folds them to a count) and no warning about a full context
  for (const note of NOTES) expect(first).toContain(note);
  expect(first).not.toContain("⚠");
  expect(first).not.toContain("minimal HUD");
  expect(first).not.toContain("compact HUD");

  // search marks the matched words with « »
  expect(toolResults(searched!).at(-1)!.replace(/[«»]/g, "")).toContain(LINE);
});

test("nothing of the plugin's comes between the summary and the full HUD", () => {
  if (!firstAfter) throw new Error("the compaction test above did not reach the first call after the summary");
  const text = requestText(firstAfter);
  // a change list there would be read against a full copy the compaction removed
  const afterSummary = text.slice(text.indexOf(SUMMARY));
  expect(afterSummary.indexOf(HUD_OPEN)).toBeGreaterThan(-1);
  const changesAt = afterSummary.indexOf(CHANGES_OPEN);
  if (changesAt >= 0 && changesAt < afterSummary.indexOf(HUD_OPEN))
    throw new Error(
      `after the compaction a HUD change list comes before the full HUD: ${JSON.stringify(afterSummary.slice(changesAt, changesAt + 160))}`,
    );
});

/** `agent-hud` as the person runs it in the project, with Claude Code's HOME (and so its data folder). */
function agentHud(...args: string[]): { code: number; out: string } {
  const run = Bun.spawnSync(["bun", join(PLUGIN_DIR, "dist", "cli", "index.js"), ...args], {
    cwd: env.project.dir,
    env: { ...claudeEnv(env.api.url, env.project.home), PWD: env.project.dir },
  });
  return { code: run.exitCode, out: run.stdout.toString() + run.stderr.toString() };
}

// what marks HUD text: the markers, the HUD's heading, the compaction framing, the state itself
const HUD_TEXT = /<agent-hud>|Agent HUD|Your HUD|HUD update:|Ship the CSV exporter/;

test("switched off with `agent-hud off --session` (no UI before the mod): the next compaction and the calls after it carry no HUD; on: it is back", async () => {
  const { api, session } = env;
  const off = agentHud("off", "--session", session.sessionId);
  expect(off).toEqual({
    code: 0,
    out: `HUD off for session ${session.sessionId} (agent-hud on --session ${session.sessionId} turns it back on)\n`,
  });
  const before = api.requests.length;
  api.script({ text: "filled up", inputTokens: 97_000 });
  await session.send("fill the context");
  await session.waitFor(
    () => transcriptHas(session.project.home, session.sessionId, '"filled up"'),
    10_000,
    "the answer in the transcript",
  );
  api.script({ text: "after the second compaction" });
  await session.send("keep going");
  const compaction = api.ofKind("compaction").find((r) => r.index >= before);
  expect(compaction).toBeDefined();
  // the summary instructions got nothing from the plugin (the history it summarises still holds older copies)
  const instructions = compaction!.body.messages.findLast((m) => allTextOf(m).includes(COMPACTION_MARKER))!;
  expect(textOf(instructions.content)).not.toMatch(HUD_TEXT);
  const sent = mainLoop(api).filter((r) => r.index >= before);
  expect(sent.length).toBeGreaterThanOrEqual(2);
  const afterCompaction = sent.filter((r) => r.index > compaction!.index);
  expect(afterCompaction).toHaveLength(1);
  // the conversation after the summary is the summary and the prompt: no copy, no change list, no instructions
  expect(requestText(afterCompaction[0]!)).toContain(SUMMARY);
  expect(requestText(afterCompaction[0]!)).not.toMatch(HUD_TEXT);
  expect(agentHud("on", "--session", session.sessionId).code).toBe(0);
  api.script({ text: "back" });
  await session.send("and now?");
  const back = mainLoop(api).at(-1)!;
  expect(fullCopies(back)).toBe(1);
  expect(currentHud(back)).toContain("Ship the CSV exporter");
});
