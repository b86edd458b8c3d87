import { afterAll, beforeAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { hud, startHudEnv, type HudEnv } from "../harness/hud-session.ts";
import { logProblems, startOpencode } from "../harness/opencode.ts";
import { tailHud, toolResults } from "../harness/requests.ts";

// The forgetful summarizer: its summaries never mention the fact.
const SUMMARY = "We looked around the project; nothing else worth keeping.";
const FACT = "ZEBRA-7731";
const VAULT = `vault file\nthe release signing code is ${FACT}\nrotate it yearly\n`;
const NEAR_LIMIT = 195_000; // of 192k usable (200k context, 8k output): opencode compacts before the next call

let env: HudEnv;
let firstSession = "";
beforeAll(async () => {
  env = await startHudEnv({ llm: { compactionSummary: SUMMARY }, files: { "vault.txt": VAULT } });
});
afterAll(() => env?.stop());

const agentAfter = (index: number) => env.llm.agentRequests().filter((r) => r.index > index);
const body = (r: { body: unknown }) => JSON.stringify(r.body);

test("a fact seen only in an early bash result, gone after two auto-compactions, comes back through hud search, messages.read and compactions.list", async () => {
  const { llm, server } = env;
  const session = await server.createSession();
  firstSession = session.id;
  llm.script(
    // the fact enters the conversation only as the output of this command
    { toolCalls: [{ name: "bash", args: { command: "cat vault.txt", description: "read the vault" } }] },
    { toolCalls: [{ name: "bash", args: { command: "pwd", description: "where" } }], promptTokens: NEAR_LIMIT },
    { toolCalls: [{ name: "bash", args: { command: "ls", description: "list" } }], promptTokens: NEAR_LIMIT },
    { toolCalls: [hud("search", { query: FACT })] },
    { text: "found it" },
  );
  await server.prompt(session.id, "find the release signing code");
  await server.waitIdle(session.id);
  await llm.waitFor((rs) => rs.filter((r) => r.kind === "agent").length >= 5, 120_000, "five agent requests");

  const compactions = llm.ofKind("compaction");
  expect(compactions).toHaveLength(2);
  expect(toolResults(llm.agentRequests()[1]!).join("\n")).toContain(FACT);
  // the first request after the second compaction no longer carries the fact anywhere
  const afterSecond = agentAfter(compactions[1]!.index);
  expect(afterSecond.length).toBeGreaterThanOrEqual(2);
  expect(body(afterSecond[0]!)).not.toContain(FACT);
  // ...but its HUD points at the way back
  expect(tailHud(afterSecond[0]!)).toContain("`hud search`");

  const searched = toolResults(afterSecond[1]!).at(-1)!;
  expect(searched).toContain(FACT);
  const hit = searched.split("\n").find((line) => /^m\d+ /.test(line) && line.includes(FACT))!;
  expect(hit).toMatch(/^m\d+ turn 1 · bash · before compaction 1: /);
  const handle = hit.split(" ")[0]!;

  llm.script({ toolCalls: [hud("messages.read", { id: handle }), hud("compactions.list")] }, { text: "done" });
  const seen = llm.agentRequests().length;
  await server.prompt(session.id, "show me the whole file and the compactions");
  await server.waitIdle(session.id);
  await llm.waitFor((rs) => rs.filter((r) => r.kind === "agent").length >= seen + 2, 60_000, "the read results");
  const [read, listed] = toolResults(llm.agentRequests().at(-1)!).slice(-2);
  expect(read).toContain(VAULT.trimEnd());
  expect(listed).toMatch(
    /^2 compactions in this session:\n1\. .+: We looked around the project; nothing else worth keeping\.\n2\. /,
  );
});

test("after a restart with the index gone, the first search reads the session back through the SDK client", async () => {
  const { llm } = env;
  await env.server.stop();
  // no index at all: only opencode (through the plugin's client) still has the conversation
  rmSync(join(env.project.dataDir, "opencode", "hud", "recall.db"), { force: true });
  for (const side of ["-wal", "-shm"])
    rmSync(join(env.project.dataDir, "opencode", "hud", `recall.db${side}`), { force: true });
  env.server = await startOpencode(env.project);
  llm.script({ toolCalls: [hud("search", { query: FACT })] }, { text: "found it again" });
  const seen = llm.agentRequests().length;
  await env.server.prompt(firstSession, "what was the signing code?");
  await env.server.waitIdle(firstSession);
  await llm.waitFor((rs) => rs.filter((r) => r.kind === "agent").length >= seen + 2, 60_000, "the search result");
  const found = toolResults(llm.agentRequests().at(-1)!).at(-1)!;
  expect(found).toMatch(new RegExp(`^m\\d+ turn 1 · bash · before compaction 1: .*${FACT}`, "m"));
  expect(await logProblems(env.server, "agent-hud recall")).toEqual([]);
});
