// The person accepts a component the agent wrote, in opencode's real TUI (tmux): the agent's write tool
// creates it mid-session, the TUI shows a one-line notice, the HUD goes on without it, /hud-edit lists it
// first with its hash, and once accepted there it renders, in the sandbox: its module code never runs in
// opencode (the marker it would write never appears).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { tailHud } from "../harness/requests.ts";
import { startTuiProject } from "../harness/tui.ts";

let env: Awaited<ReturnType<typeof startTuiProject>>;
beforeAll(async () => {
  env = await startTuiProject({});
}, 90_000);
afterAll(() => env?.stop());

test("a component written by the agent waits; /hud-edit lists it and accepting it there lets it render", async () => {
  const { llm, tui, project } = env;
  const marker = join(project.dir, "late-component-ran");
  const file = join(project.dir, ".opencode", "hud", "Late.tsx");
  const source = `const fs = typeof require === "function" ? require("node:fs") : undefined;
fs?.writeFileSync(${JSON.stringify(marker)}, "ran");
export default () => <paragraph><strong>Late</strong> written by the agent</paragraph>;
`;
  llm.script({ toolCalls: [{ name: "write", args: { filePath: file, content: source } }] }, { text: "wrote it" });
  const before = llm.agentRequests().length;
  tui.type("add a component", true);
  await llm.waitFor(() => llm.agentRequests().length >= before + 2, 60_000, "the agent's two requests");
  await tui.waitFor((t) => t.screen().includes("agent-hud component"), "the notice");
  expect(tui.screen()).toContain("agent-hud: .opencode/hud/Late.tsx is new or");
  const held = tailHud(llm.agentRequests()[before + 1]!)!;
  expect(held).not.toContain("**Late**");
  expect(existsSync(marker)).toBe(false);

  await tui.slash("hud-edit");
  await tui.waitFor((t) => t.screen().includes("Edit the HUD"), "the edit dialog");
  expect(tui.screen()).toMatch(/Accept component \.opencode\/hud\/Late\.tsx [0-9a-f]{12}/);
  tui.type("accept component");
  await tui.waitFor((t) => !t.screen().includes("Add a note"), "the accept row filtered");
  tui.press("Enter");
  await tui.waitFor((t) => t.screen().includes("accepted .opencode/hud/Late.tsx"), "the answer as a toast");
  expect(existsSync(marker)).toBe(false);

  // the sandbox may still be starting at the first call after the accept: ask until a request shows it
  for (let i = 0; i < 6 && !(tailHud(llm.agentRequests().at(-1)!) ?? "").includes("**Late** written"); i++) {
    llm.script({ text: "seen" });
    const count = llm.agentRequests().length;
    tui.type(`look again ${i}`, true);
    await llm.waitFor(() => llm.agentRequests().length > count, 60_000, "the next request");
  }
  expect(tailHud(llm.agentRequests().at(-1)!)).toContain("**Late** written by the agent");
  expect(existsSync(marker)).toBe(false);
}, 180_000);
