// agent-hud.jsonc in the real opencode: the global file and the project's `.opencode/` one merge, a bad
// option reaches the person as one TUI toast (a bus event any TUI shows), and `enabled: false` turns the
// plugin off for a project while it stays on elsewhere.
import { afterAll, afterEach, expect, test } from "bun:test";
import { hud, startHudEnv, type HudEnv } from "../harness/hud-session.ts";
import { logProblems } from "../harness/opencode.ts";
import { tailHud } from "../harness/requests.ts";

// The second test's project is served by the first test's process (a directory of its own, so its own
// config and plugin start): none of them tests a start. The first is stopped last.
let first: HudEnv | undefined;
let env: HudEnv | undefined;
afterEach(async () => {
  if (env !== first) await env?.stop();
  env = undefined;
});
afterAll(() => first?.stop());

test("a bad option in the project file: one toast and one log line naming it; the global file still applies", async () => {
  env = first = await startHudEnv({
    files: {
      ".opencode/agent-hud.jsonc": `{\n  // a typo the person should hear about\n  "budgets": { "full": "lots" },\n}\n`,
      // the global file, in this project's own XDG config folder (files are placed relative to the project)
      "../xdg/config/opencode/agent-hud.jsonc": `{ "title": 1, "sections": { "disabled": ["context"] } }`,
    },
  });
  const { llm, server, project } = env;
  const session = await server.createSession();
  llm.script({ toolCalls: [hud("task.set", { description: "Check the config file" })] }, { text: "ok" });
  await server.prompt(session.id, "go");
  await server.prompt(session.id, "again");
  const last = tailHud(llm.agentRequests().at(-1)!)!;
  expect(last).toContain("Check the config file");
  // the global file's sections.disabled applies: no context line
  expect(last).not.toContain("usable");
  const toasts = server.events.filter((e) => e.type === "tui.toast.show");
  expect(toasts).toHaveLength(1);
  const shown = JSON.stringify(toasts[0]!.properties);
  expect(shown).toContain("budgets.full");
  expect(shown).toContain("title");
  expect(await logProblems(server, "budgets.full")).toHaveLength(1);
});

test("`enabled: false` in .opencode/agent-hud.jsonc: no HUD and no hud tool in that project", async () => {
  env = await startHudEnv({ host: first, files: { ".opencode/agent-hud.jsonc": `{ "enabled": false }` } });
  const { llm, server } = env;
  const session = await server.createSession();
  await server.prompt(session.id, "hello");
  const request = llm.agentRequests().at(-1)!;
  expect(tailHud(request)).toBeUndefined();
  expect((request.body.tools ?? []).map((t) => t.function.name)).not.toContain("hud");
});
