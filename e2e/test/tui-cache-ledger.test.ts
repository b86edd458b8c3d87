// The cache ledger where the person looks, in opencode's real TUI (tmux, 220×50): the sidebar's one line and
// the whole ledger in /hud, with the fake LLM reporting cached tokens and a plugin, listed before agent-hud,
// that changes the system prompt on every call.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { FakeLlm } from "../harness/fake-llm.ts";
import { createProject, PLUGIN_DIR, type Project } from "../harness/opencode.ts";
import { listPlugin, Tui } from "../harness/tui.ts";

const STAMP = join(import.meta.dir, "../fixtures/system-stamp-plugin.ts");
let llm: FakeLlm;
let project: Project;
let tui: Tui;

beforeAll(async () => {
  llm = new FakeLlm({ cache: {} }).start();
  project = createProject({ llmUrl: llm.url, plugins: [STAMP] });
  listPlugin(project, PLUGIN_DIR);
  tui = Tui.start(project, `hud-e2e-ledger-${process.pid}`);
  await tui.waitFor((t) => t.screen().includes("Ask anything"), "the prompt", 60_000);
}, 90_000);
afterAll(async () => {
  await tui?.stop();
  llm?.stop();
  project?.cleanup();
});

test("the sidebar shows the cache line with the bust, and /hud names its cause and call", async () => {
  llm.script({ text: "one", promptTokens: 20_000 }, { text: "two", promptTokens: 20_000 });
  tui.type("first", true);
  await llm.waitFor(() => llm.agentRequests().length >= 1, 60_000, "the first call");
  await tui.waitFor((t) => /cache \d+% · no bust/.test(t.sidebar()), "the cache line in the sidebar");
  tui.type("second", true);
  await llm.waitFor(() => llm.agentRequests().length >= 2, 60_000, "the second call");
  await tui.waitFor((t) => /cache \d+% · 1 bust/.test(t.sidebar()), "the bust in the sidebar");

  await tui.slash("hud");
  await tui.waitFor(
    (t) => t.screen().includes("cause: system prompt changed (not agent-hud)"),
    "the bust's cause in /hud",
  );
  expect(tui.screen()).toMatch(/#2 \d+% · in \d+k? read \d+k? write 0 out \d+ · bust/);
  tui.press("Escape");
});
