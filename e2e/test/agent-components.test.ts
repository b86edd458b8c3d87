// Agent-written HUD components in the real binary: defined through the `hud` tool, run in the sandbox,
// kept across a restart, removed through the person's editor.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { hud, startHudEnv, type HudEnv } from "../harness/hud-session.ts";
import { logProblems, PLUGIN_DIR, startOpencode } from "../harness/opencode.ts";
import { tailHud, toolResults } from "../harness/requests.ts";

const CHECKLIST = `export default function Checklist({ state, density }) {
  const open = state.steps.filter((s) => !s.done);
  if (density === "minimal") return <paragraph><strong>Tables left</strong> {open.length}</paragraph>;
  return (
    <section>
      <paragraph><strong>Tables left</strong> {open.length} of {state.steps.length}</paragraph>
      <list>{open.map((s) => <item checked={false}><paragraph>{s.description}</paragraph></item>)}</list>
    </section>
  );
}`;
const SPIN = "export default function Spin() { for (;;) {} }";

let env: HudEnv;
beforeAll(async () => {
  env = await startHudEnv();
});
afterAll(() => env?.stop());

test("defined in one call, shown in the next request; a looping definition is refused and the HUD still arrives", async () => {
  const { llm, server, project } = env;
  const session = await server.createSession();
  llm.script(
    {
      toolCalls: [
        hud("steps.add", { description: "migrate users" }),
        hud("components.define", { name: "Checklist", source: CHECKLIST, after: "steps", scope: "project" }),
      ],
    },
    { toolCalls: [hud("components.define", { name: "Spin", source: SPIN })] },
    { text: "done" },
  );
  await server.prompt(session.id, "track the tables");
  const [, second, third] = llm.agentRequests();
  expect(toolResults(second!).at(-1)).toStartWith("ok: defined component Checklist (project), shown after steps");
  expect(tailHud(second!)).toContain("**Tables left** 1 of 1");
  expect(tailHud(second!)).toContain("- [ ] migrate users");
  expect(toolResults(third!).at(-1)).toContain(
    "components.define: Spin failed its first render at full density: took longer than 20 ms",
  );
  const after = tailHud(third!)!;
  expect(after).toContain("**Tables left** 1 of 1");
  expect(after).not.toContain("Spin");
  expect(await logProblems(server, "agent-hud")).toEqual([]);
});

test("after a restart the component is still there; the person removes it through /hud-edit's editor", async () => {
  const { llm, project } = env;
  await env.server.kill();
  env.server = await startOpencode(project);
  const session = await env.server.createSession();
  llm.script({ text: "ok" });
  let count = llm.agentRequests().length;
  await env.server.prompt(session.id, "continue");
  // the first call of the new process never waits for its sandbox: it shows the render the last process
  // stored (rendered for the other session's state), and has this session's rendered in the background
  expect(tailHud(llm.agentRequests()[count]!)).toContain("**Tables left** 1 of 1");
  let fresh = "";
  for (let i = 0; i < 6 && !fresh.includes("**Tables left** 0 of 0"); i++) {
    llm.script({ text: "ok" });
    count = llm.agentRequests().length;
    await env.server.prompt(session.id, `continue ${i}`);
    fresh = tailHud(llm.agentRequests()[count]!) ?? "";
  }
  expect(fresh).toContain("**Tables left** 0 of 0");

  // the TUI's own editor code, as built: the action list offers the removal, the router applies it as the person
  const savedData = process.env["XDG_DATA_HOME"];
  process.env["XDG_DATA_HOME"] = project.env["XDG_DATA_HOME"];
  const { BoardReader } = await import(join(PLUGIN_DIR, "dist/board/core.js"));
  const { PersonEditor, boardActions } = await import(join(PLUGIN_DIR, "dist/edit/index.js"));
  const reader = new BoardReader({ directory: project.dir });
  const person = new PersonEditor({
    board: reader.board,
    dir: reader.dir,
    directory: project.dir,
    worktree: project.dir,
  });
  try {
    const actions = boardActions(person.state(session.id), person.projectState(session.id));
    const remove = actions.find((a: { title: string }) => a.title === "Remove agent component Checklist (project)");
    expect(remove?.call).toEqual({ tool: "components.remove", args: { name: "Checklist" } });
    expect(await person.apply(session.id, remove.call)).toEqual({ ok: true, text: "ok: removed component Checklist" });
  } finally {
    person.close();
    reader.close();
    if (savedData === undefined) delete process.env["XDG_DATA_HOME"];
    else process.env["XDG_DATA_HOME"] = savedData;
  }
  llm.script({ toolCalls: [hud("history", { limit: 5 })] }, { text: "ok" });
  count = llm.agentRequests().length;
  await env.server.prompt(session.id, "again");
  const requests = llm.agentRequests();
  expect(tailHud(requests[count]!)).not.toContain("Tables left");
  expect(toolResults(requests[count + 1]!).at(-1)).toContain("component.remove name=Checklist by=person");
});
