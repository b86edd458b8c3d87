// A file write is not a code grant, in the real binary: the agent writes a component with opencode's own
// write tool mid-session; it does not run (its module would leave a marker file) until the person accepts
// it with `agent-hud components accept`, and the next call renders it.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { startHudEnv, type HudEnv } from "../harness/hud-session.ts";
import { PLUGIN_DIR, waitForLog } from "../harness/opencode.ts";
import { tailHud } from "../harness/requests.ts";

const CLI = join(PLUGIN_DIR, "dist", "cli", "index.js");
const EARLY = `export default () => <paragraph><strong>Early</strong> present at start</paragraph>;\n`;
const late = (marker: string) => `require("node:fs").writeFileSync(${JSON.stringify(marker)}, "ran");
export default () => <paragraph><strong>Late</strong> written by the agent</paragraph>;
`;

let env: HudEnv;
beforeAll(async () => {
  env = await startHudEnv({ files: { ".opencode/hud/Early.tsx": EARLY } });
});
afterAll(() => env?.stop());

function cli(...argv: string[]) {
  const { project } = env;
  const run = Bun.spawnSync(["bun", CLI, ...argv], { cwd: project.dir, env: { ...project.env, PWD: project.dir } });
  return { code: run.exitCode, out: run.stdout.toString(), err: run.stderr.toString() };
}

test("a component the agent writes mid-session runs only after the person accepts it", async () => {
  const { llm, server, project } = env;
  const marker = join(project.dir, "late-component-ran");
  const file = join(project.dir, ".opencode", "hud", "Late.tsx");
  const session = await server.createSession();
  llm.script(
    { toolCalls: [{ name: "write", args: { filePath: file, content: late(marker) } }] },
    { text: "wrote a component" },
  );
  await server.prompt(session.id, "add a HUD component");
  expect(existsSync(file)).toBe(true);
  const [first, afterWrite] = llm.agentRequests();
  expect(tailHud(first!)).toContain("**Early** present at start");
  const held = tailHud(afterWrite!)!;
  expect(held).toContain("**Early** present at start");
  expect(held).not.toContain("**Late**");
  expect(existsSync(marker)).toBe(false);
  // the person is told once, with both ways to accept (waits: opencode writes its log file lazily)
  const logs = await waitForLog(project, "agent-hud: .opencode/hud/Late.tsx was written while opencode ran");
  expect(logs).toContain(
    "will not run until you accept it: /hud-edit, or agent-hud components accept .opencode/hud/Late.tsx",
  );

  const listed = cli("components", "list");
  expect(listed.err).toBe("");
  expect(listed.out).toMatch(/^present at start +\.opencode\/hud\/Early\.tsx /m);
  expect(listed.out).toMatch(/^waiting +\.opencode\/hud\/Late\.tsx /m);
  // another call before the person answers: still held
  llm.script({ text: "still waiting" });
  const count = llm.agentRequests().length;
  await server.prompt(session.id, "anything new?");
  expect(tailHud(llm.agentRequests()[count]!)).not.toContain("**Late**");
  expect(existsSync(marker)).toBe(false);

  const accepted = cli("components", "accept", ".opencode/hud/Late.tsx");
  expect(accepted).toMatchObject({ code: 0, err: "" });
  expect(accepted.out).toStartWith("accepted .opencode/hud/Late.tsx (sha256 ");
  llm.script({ text: "now it shows" });
  const next = llm.agentRequests().length;
  await server.prompt(session.id, "look again");
  const shown = tailHud(llm.agentRequests()[next]!)!;
  expect(shown).toContain("**Late** written by the agent");
  expect(shown).toContain("**Early** present at start");
  expect(existsSync(marker)).toBe(true);
});
