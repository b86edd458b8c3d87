import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { systemText, textOf, type RecordedRequest } from "../harness/fake-llm.ts";
import { hud, startHudEnv, type HudEnv } from "../harness/hud-session.ts";
import { PLUGIN_DIR } from "../harness/opencode.ts";
import { tailHud } from "../harness/requests.ts";

let env: HudEnv;
beforeAll(async () => {
  env = await startHudEnv({ llm: { compactionSummary: "We were porting the parser; lexer done." } });
});
afterAll(() => env?.stop());

const items = [
  "Port the parser to streaming input",
  "lexer emits tokens lazily",
  "keep the sync API",
  "write the chunk reader",
  "CI runner lacks node 22",
];

test("after a real auto-compaction the next request carries every item; the compaction request carried the HUD state", async () => {
  const { llm, server } = env;
  const session = await server.createSession();
  llm.script(
    {
      toolCalls: [
        hud("task.set", { description: items[0] }),
        hud("notes.add", { content: items[1] }),
        hud("decisions.record", { summary: items[2] }),
        hud("steps.add", { description: items[3] }),
        hud("blockers.add", { description: items[4] }),
      ],
    },
    // near the limit (195k of 192k usable): opencode compacts before the next agent call
    { toolCalls: [{ name: "bash", args: { command: "pwd", description: "where" } }], promptTokens: 195_000 },
    { text: "continuing after compaction" },
  );
  await server.prompt(session.id, "work on the parser");
  await server.waitIdle(session.id);
  await llm.waitFor((rs) => rs.filter((r) => r.kind === "agent").length >= 3, 60_000, "agent request after compaction");
  const compaction = llm.ofKind("compaction");
  expect(compaction).toHaveLength(1);
  const compactionText = compaction[0]!.body.messages.map((m) => textOf(m.content)).join("\n");
  for (const text of items) expect(compactionText).toContain(text);
  expect(compactionText).toContain("summarizing your own work");

  const after = llm.requests.filter((r) => r.kind === "agent" && r.index > compaction[0]!.index);
  expect(after.length).toBeGreaterThanOrEqual(1);
  const hudAfter = tailHud(after[0]!)!;
  for (const text of items) expect(hudAfter).toContain(text);
  // the conversation itself lost the hud calls that recorded the items: only the HUD brought them back
  const toolCalls = after[0]!.body.messages.flatMap(
    (m) => (m.tool_calls ?? []) as Array<{ function: { name: string } }>,
  );
  expect(toolCalls.filter((c) => c.function.name === "hud")).toEqual([]);
  // the summary opencode produced is kept in the HUD state once its event is in (that event may come after the
  // first call: the summary is in that call's conversation anyway), so the call of the next turn carries it
  llm.script({ text: "next turn" });
  await server.prompt(session.id, "go on");
  expect(tailHud(llm.agentRequests().at(-1)!)).toContain("We were porting the parser");
});

test("with opencode's snapshots off, the call right after a compaction still carries the HUD and the preamble", async () => {
  // nothing then stands between the compaction and the next call: opencode sends it before the plugin has
  // handled session.compacted (a race that lost the HUD on the one call it matters most)
  const quick = await startHudEnv({
    host: env,
    config: { snapshot: false },
    llm: { compactionSummary: "We were porting the parser; lexer done." },
  });
  try {
    const session = await quick.server.createSession();
    quick.llm.script(
      { toolCalls: [hud("task.set", { description: items[0] })] },
      { toolCalls: [{ name: "bash", args: { command: "pwd", description: "where" } }], promptTokens: 195_000 },
      { text: "continuing after compaction" },
    );
    await quick.server.prompt(session.id, "work on the parser");
    await quick.server.waitIdle(session.id);
    await quick.llm.waitFor((rs) => rs.filter((r) => r.kind === "agent").length >= 3, 60_000, "the call after it");
    const [compaction] = quick.llm.ofKind("compaction");
    const next = quick.llm.agentRequests().find((r) => r.index > compaction!.index)!;
    expect(tailHud(next)).toContain(items[0]);
    expect(systemText(next.body)).toContain("# Agent HUD");
  } finally {
    await quick.stop();
  }
});

// what marks HUD text in a request: the markers, the HUD's and the instructions' headings, the compaction framing
const HUD_TEXT = /<agent-hud>|Agent HUD|Your HUD|summarizing your own work/;
const requestText = (r: RecordedRequest) => JSON.stringify(r.body.messages);

test("switched off with `agent-hud off` (the project, as on a headless run): the compaction request and the next carry no HUD; on again, it is back", async () => {
  const quiet = await startHudEnv({ host: env, llm: { compactionSummary: "We were porting the parser." } });
  const cli = (word: string) => {
    const run = Bun.spawnSync(["bun", join(PLUGIN_DIR, "dist", "cli", "index.js"), word], {
      cwd: quiet.project.dir,
      env: { ...quiet.project.env, PWD: quiet.project.dir, NO_COLOR: "1" },
    });
    return { code: run.exitCode, out: run.stdout.toString() + run.stderr.toString() };
  };
  try {
    const session = await quiet.server.createSession();
    quiet.llm.script({ toolCalls: [hud("task.set", { description: items[0] })] }, { text: "noted" });
    await quiet.server.prompt(session.id, "work on the parser");
    // the HUD was there before the switch: its absence later is the switch's doing
    expect(requestText(quiet.llm.agentRequests().at(-1)!)).toMatch(HUD_TEXT);
    const off = cli("off");
    expect(off).toMatchObject({ code: 0 });
    expect(off.out).toContain("HUD off for every session of the project");
    quiet.llm.script(
      { toolCalls: [{ name: "bash", args: { command: "pwd", description: "where" } }], promptTokens: 195_000 },
      { text: "continuing after compaction" },
    );
    const before = quiet.llm.requests.length;
    await quiet.server.prompt(session.id, "go on");
    await quiet.server.waitIdle(session.id);
    await quiet.llm.waitFor(
      (rs) => rs.some((r) => r.kind === "compaction") && rs.at(-1)!.kind === "agent",
      60_000,
      "the call after the compaction",
    );
    const [compaction] = quiet.llm.ofKind("compaction");
    expect(compaction).toBeDefined();
    expect(requestText(compaction!)).not.toMatch(HUD_TEXT);
    const sentOff = quiet.llm.requests.slice(before).filter((r) => r.kind === "agent");
    expect(sentOff.length).toBeGreaterThanOrEqual(2);
    for (const r of sentOff) expect(requestText(r)).not.toMatch(HUD_TEXT);
    expect(cli("on").code).toBe(0);
    quiet.llm.script({ text: "next turn" });
    await quiet.server.prompt(session.id, "and now?");
    const back = quiet.llm.agentRequests().at(-1)!;
    expect(tailHud(back)).toContain(items[0]);
    expect(systemText(back.body)).toContain("# Agent HUD");
  } finally {
    await quiet.stop();
  }
});
