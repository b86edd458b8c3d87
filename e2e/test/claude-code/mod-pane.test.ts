// The person's view through agent-hud's Claude Code mod, in what headless mode exposes. Headless Claude
// Code attaches no surface, so no pane is seated and `ui.render` never runs: the mod logs the rows its pane
// draws (the same function the render hook draws from) after each turn, and this test reads them from the
// stream. `/hud` runs without the model, and `/hud off` / `/hud on` switch the HUD.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { hud, mainLoop, requestText, startClaudeHud, type ClaudeHud } from "../../harness/claude-hud.ts";
import { PANE_DEBUG, paneLogs } from "../../harness/claude-mod.ts";

let env: ClaudeHud;
beforeAll(() => {
  env = startClaudeHud({ env: PANE_DEBUG });
});
afterAll(() => env?.stop());

test("the pane follows the agent's state turn by turn", async () => {
  const { api, session } = env;
  api.script({ toolUses: [hud("task.set", { description: "Ship the CSV exporter" })] }, { text: "set" });
  await session.send("ship the exporter");
  await session.waitFor(() => paneLogs(session).length >= 1, 20_000, "the pane after the first turn");
  const first = paneLogs(session).at(-1)!;
  expect(first.split("\n")[0]).toStartWith("Ship the CSV exporter · full · ");
  expect(first).toContain("Ship the CSV exporter");

  api.script({ toolUses: [hud("notes.add", { content: "quote every field" })] }, { text: "noted" });
  await session.send("remember to quote fields");
  await session.waitFor(() => paneLogs(session).length >= 2, 20_000, "the pane after the second turn");
  expect(paneLogs(session).at(-1)).toContain("quote every field");
  expect(first).not.toContain("quote every field");
});

test("/hud shows the HUD without a model request; /hud off and /hud on switch it", async () => {
  const { api, session } = env;
  const before = mainLoop(api).length;
  const shown = await session.send("/hud");
  expect(String(shown["result"])).toContain("Ship the CSV exporter");
  expect(String(shown["result"])).toContain("quote every field");
  const off = await session.send("/hud off");
  // Claude Code heads a plugin command's output with the plugin's name
  expect(String(off["result"])).toStartWith("agent-hud: HUD off");
  expect(String(off["result"])).not.toContain("quote every field");
  expect(mainLoop(api).length).toBe(before);

  const panes = paneLogs(session).length;
  await session.send("anything new?");
  await session.waitFor(() => paneLogs(session).length > panes, 20_000, "the pane after the turn");
  expect(paneLogs(session).at(-1)).toContain("/hud on");
  const on = await session.send("/hud on");
  expect(String(on["result"])).toContain("quote every field");
});

test("/hud-edit records the person's edit without a model request; the pane and the agent's next call have it", async () => {
  const { api, session } = env;
  const before = mainLoop(api).length;
  const edited = await session.send("/hud-edit notes.add the staging database is read-only");
  expect(String(edited["result"])).toMatch(/^agent-hud: ok/);
  expect(mainLoop(api).length).toBe(before);
  const panes = paneLogs(session).length;
  api.script({ text: "seen" });
  await session.send("what do you know?");
  await session.waitFor(() => paneLogs(session).length > panes, 20_000, "the pane after the turn");
  expect(paneLogs(session).at(-1)).toContain("the staging database is read-only");
  expect(requestText(mainLoop(api).at(-1)!)).toContain("the staging database is read-only");
});
