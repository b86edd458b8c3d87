// The person's view in opencode's real TUI (tmux, 220×50): the sidebar section, /hud, the person's
// edits, the per-session switch, the critical-usage and compaction toasts, and a component the agent wrote
// that the person accepts, against the scripted fake LLM.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { FakeLlm, systemText } from "../harness/fake-llm.ts";
import { hud } from "../harness/hud-session.ts";
import { createProject, PLUGIN_DIR, type Project } from "../harness/opencode.ts";
import { tailHud, toolResults } from "../harness/requests.ts";
import { installPlugin, listPlugin, Tui } from "../harness/tui.ts";

let llm: FakeLlm;
let project: Project;
let tui: Tui;

beforeAll(async () => {
  llm = new FakeLlm().start();
  project = createProject({ llmUrl: llm.url });
  installPlugin(project, PLUGIN_DIR);
  tui = Tui.start(project);
  await tui.waitFor((t) => t.screen().includes("Ask anything"), "the prompt", 60_000);
}, 90_000);
afterAll(async () => {
  await tui?.stop();
  llm?.stop();
  project?.cleanup();
});

const agentCount = () => llm.agentRequests().length;
const lastAgent = () => llm.agentRequests().at(-1)!;

/** Types a prompt and waits until the agent's scripted turn has made `requests` more calls. */
async function say(text: string, requests: number): Promise<void> {
  const before = agentCount();
  tui.type(text, true);
  await llm.waitFor(() => agentCount() >= before + requests, 60_000, `${requests} agent requests after "${text}"`);
}

test("opencode plugin <dir> lists the plugin for the server and the TUI, as the other TUI files list it", () => {
  const plugins = (p: Project) =>
    ["opencode.json", "tui.json"].map(
      (file) => JSON.parse(readFileSync(join(p.dir, ".opencode", file), "utf8")).plugin,
    );
  expect(plugins(project)).toEqual([[PLUGIN_DIR], [PLUGIN_DIR]]);
  // the other TUI files write the same lists themselves instead of running the command (harness/tui.ts)
  const listed = createProject({ llmUrl: llm.url });
  try {
    listPlugin(listed, PLUGIN_DIR);
    expect(plugins(listed)).toEqual(plugins(project));
  } finally {
    listed.cleanup();
  }
});

test("the sidebar shows the task after the agent's hud call, and follows a second change", async () => {
  llm.script(
    { toolCalls: [hud("task.set", { description: "Ship the HUD sidebar" })] },
    { toolCalls: [hud("steps.add", { description: "Write the tmux e2e" })] },
    { text: "ok" },
  );
  const before = agentCount();
  tui.type("go", true);
  // the tool ran just before the request after it arrived
  await llm.waitFor(() => agentCount() >= before + 2, 60_000, "the request after task.set");
  const called = llm.agentRequests()[before + 1]!.at;
  const shown = await tui.waitFor((t) => t.sidebar().includes("Ship the HUD sidebar"), "the task in the sidebar");
  await llm.waitFor(() => agentCount() >= before + 3, 60_000, "the request after steps.add");
  const second = llm.agentRequests()[before + 2]!.at;
  const followed = await tui.waitFor((t) => t.sidebar().includes("Write the tmux e2e"), "the step in the sidebar");
  // how soon is measured, not asserted: timings belong to the bench
  console.log(
    `sidebar: task shown ${shown - called} ms, step ${followed - second} ms after the request that followed the call`,
  );
  // task first: the task comes before the step in the sidebar
  const sidebar = tui.sidebar();
  expect(sidebar.indexOf("Ship the HUD sidebar")).toBeLessThan(sidebar.indexOf("Write the tmux e2e"));
});

test("/hud shows what the agent last received, with a recorded decision", async () => {
  llm.script({ toolCalls: [hud("decisions.record", { summary: "Drive the TUI through tmux" })] }, { text: "noted" });
  await say("decide", 2);
  expect(tailHud(lastAgent())).toContain("Drive the TUI through tmux");
  // the TUI has caught up with the turn once its sidebar shows the decision
  await tui.waitFor((t) => t.sidebar().includes("Drive the TUI through tmux"), "the decision in the sidebar");
  await tui.slash("hud");
  // the dialog, not the sidebar: the decision appears left of the sidebar's columns. The call's render is
  // recorded just after the request is sent, so the open dialog may show the one before it for a moment.
  const inDialog = (screen: string) =>
    screen.split("\n").some((row) => row.includes("Drive the TUI through tmux") && row.indexOf("Drive") < 160);
  await tui.waitFor(
    (t) => t.screen().includes("received") && t.screen().includes("left out:") && inDialog(t.screen()),
    "the /hud dialog with the decision",
  );
  expect(tui.screen()).toMatch(/HUD full · [\d.]+% used · \d+ tok/);
  tui.press("Escape");
  await tui.waitFor((t) => !t.screen().includes("left out:"), "the dialog to close");
});

test("an edit made by the person is in the agent's next request, and history names the person", async () => {
  await tui.slash("hud-edit");
  await tui.waitFor((t) => t.screen().includes("Edit the HUD"), "the edit dialog");
  tui.type("add a note");
  await tui.waitFor(
    (t) => t.screen().includes("Add a note…") && !t.screen().includes("Set the task…"),
    "the action list filtered to the note",
  );
  tui.press("Enter");
  await tui.waitFor((t) => t.screen().includes("enter submit"), "the note prompt");
  tui.type("Person says: use port 4100", true);
  await tui.waitFor((t) => t.sidebar().includes("use port 4100"), "the person's note in the sidebar");
  llm.script({ toolCalls: [hud("history")] }, { text: "seen" });
  await say("continue", 2);
  const [afterHistory] = llm.agentRequests().slice(-1);
  const before = llm.agentRequests().at(-2)!;
  expect(tailHud(before)).toContain("Person says: use port 4100");
  expect(toolResults(afterHistory!).at(-1)).toMatch(/notes?\.add.*by=person|by=person.*Person says/);
});

test("switched off, the next request carries no HUD and no HUD instructions; on again, it does", async () => {
  const previous = lastAgent();
  expect(tailHud(previous)).toBeDefined();
  await tui.slash("hud-off");
  await tui.waitFor((t) => t.sidebar().includes("HUD off"), "the sidebar saying the HUD is off");
  await say("quiet", 1);
  const off = lastAgent();
  expect(tailHud(off)).toBeUndefined();
  expect(JSON.stringify(off.body.messages).includes("<agent-hud>")).toBe(false);
  // as if the plugin were not installed: its instructions leave the system prompt with the HUD
  expect(systemText(previous.body)).toContain("# Agent HUD");
  expect(systemText(off.body)).not.toContain("# Agent HUD");
  await tui.slash("hud-on");
  await tui.waitFor((t) => t.sidebar().includes("Ship the HUD sidebar"), "the sidebar back on");
  await say("loud", 1);
  expect(tailHud(lastAgent())).toContain("Person says: use port 4100");
});

const COUNTDOWN = `export default function Countdown({ state }) {
  const left = state.steps.filter((s) => !s.done).length;
  return <paragraph><strong>Endpoints left</strong> {left}</paragraph>;
}`;

test("a component the agent defined is removed by the person with /hud-edit, and the next request lacks it", async () => {
  llm.script({ toolCalls: [hud("components.define", { name: "Countdown", source: COUNTDOWN })] }, { text: "defined" });
  await say("define", 2);
  expect(tailHud(lastAgent())).toContain("**Endpoints left**");
  await tui.waitFor((t) => t.sidebar().includes("Endpoints left"), "the agent's component in the sidebar");
  await tui.slash("hud-edit");
  await tui.waitFor((t) => t.screen().includes("Edit the HUD"), "the edit dialog");
  tui.type("remove agent");
  await tui.waitFor(
    (t) => t.screen().includes("Remove agent component Countdown (session)") && !t.screen().includes("Set the task…"),
    "the action list filtered to the removal",
  );
  tui.press("Enter");
  await tui.waitFor((t) => !t.sidebar().includes("Endpoints left"), "the component gone from the sidebar");
  llm.script({ toolCalls: [hud("history", { limit: 3 })] }, { text: "seen" });
  await say("carry on", 2);
  const [before, afterHistory] = llm.agentRequests().slice(-2);
  expect(tailHud(before!)).not.toContain("Endpoints left");
  expect(toolResults(afterHistory!).at(-1)).toContain("component.remove name=Countdown by=person");
});

test("a toast appears when usage reaches the critical level", async () => {
  // 180k of 192k usable is 93.75%: critical (92%) but short of auto-compaction
  llm.script({ text: "big answer", promptTokens: 180_000 }, { text: "after" });
  // watched from the first prompt on: a toast lasts seconds, and a busy machine can outlast it before a late look
  const toast = tui.waitFor((t) => t.screen().includes("context critical"), "the critical toast", 120_000, 25);
  toast.catch(() => {}); // awaited below; this only keeps an early failure elsewhere from reporting it twice
  await say("grow", 1);
  await say("next", 1);
  await toast;
});

test("after a real auto-compaction a toast says how many items the HUD carried through it", async () => {
  const before = llm.ofKind("compaction").length;
  // over the usable context (195k of 192k): opencode compacts before the next agent call
  llm.script(
    { toolCalls: [hud("notes.add", { content: "kept through compaction" })], promptTokens: 195_000 },
    { text: "continuing after compaction" },
  );
  const toast = tui.waitFor((t) => /carried [1-9]\d* items/.test(t.screen()), "the compaction toast", 120_000, 25);
  toast.catch(() => {}); // awaited below
  tui.type("fill it up", true);
  await llm.waitFor(() => llm.ofKind("compaction").length > before, 60_000, "the compaction request");
  const compaction = llm.ofKind("compaction").at(-1)!;
  await llm.waitFor(
    (rs) => rs.some((r) => r.kind === "agent" && r.index > compaction.index),
    60_000,
    "an agent request after the compaction",
  );
  await toast;
});

// The agent's write tool creates a component mid-session: the TUI shows a one-line notice, the HUD goes on
// without it, /hud-edit lists it first with its hash, and once accepted there it renders, in the sandbox: its
// module code never runs in opencode (the marker it would write never appears). Last: it adds to the HUD.
test("a component written by the agent waits; /hud-edit lists it and accepting it there lets it render", async () => {
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
