// Component files render in the sandbox, in the real binary: a file whose module code would write a marker
// file never writes it — present at start in a cloned repository, written by the agent mid-session with
// opencode's own write tool, accepted by the person, after a restart. What reaches the agent is the person's
// say: a project file renders once its content's hash is accepted, and a rejected one stays out after restart;
// a file in the person's global folder waits the same way, and a hard link is never read.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, linkSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startHudEnv, type HudEnv } from "../harness/hud-session.ts";
import { PLUGIN_DIR, startOpencode, waitForLog } from "../harness/opencode.ts";
import { tailHud } from "../harness/requests.ts";

const CLI = join(PLUGIN_DIR, "dist", "cli", "index.js");
/** Writes the marker with whatever file system its module can reach; renders `text` (proof it rendered). */
const marking = (
  marker: string,
  text: string,
) => `const fs = typeof require === "function" ? require("node:fs") : undefined;
fs?.writeFileSync(${JSON.stringify(marker)}, "ran");
globalThis.Bun?.write?.(${JSON.stringify(marker)}, "ran");
globalThis.process?.mainModule?.require?.("node:fs").writeFileSync(${JSON.stringify(marker)}, "ran");
export default () => <paragraph>${text}</paragraph>;
`;

let env: HudEnv;
let marker: string;
beforeAll(async () => {
  marker = join(import.meta.dir, `.marker-${process.pid}-${Date.now()}`);
  env = await startHudEnv({ files: { ".opencode/hud/Cloned.tsx": marking(marker, "Cloned from the repository") } });
}, 60_000);
afterAll(() => env?.stop());

function cli(...argv: string[]) {
  const { project } = env;
  const run = Bun.spawnSync(["bun", CLI, ...argv], { cwd: project.dir, env: { ...project.env, PWD: project.dir } });
  return { code: run.exitCode, out: run.stdout.toString(), err: run.stderr.toString() };
}
const hashOf = (listed: string, file: string) => new RegExp(`^\\w+ +([0-9a-f]{12})  ${file}`, "m").exec(listed)?.[1];

/**
 * The HUD of the next call that shows `text`: the sandbox process may still be starting when a call goes out
 * (a call never waits long for it), and the call after that has the render.
 */
async function hudShowing(text: string): Promise<string> {
  let hud = "";
  for (let i = 0; i < 8 && !hud.includes(text); i++) hud = await nextHud(`look ${i}`);
  return hud;
}

async function nextHud(prompt: string): Promise<string> {
  const { llm, server } = env;
  const session = await server.createSession();
  llm.script({ text: "ok" });
  const count = llm.agentRequests().length;
  await server.prompt(session.id, prompt);
  return tailHud(llm.agentRequests()[count]!) ?? "";
}

test("no component file's module code runs in opencode, from a clone, the agent, an accept or a restart", async () => {
  const { llm, server, project } = env;
  const file = join(project.dir, ".opencode", "hud", "Late.tsx");
  // present at start in the clone: it waits for the person like any project file
  expect(await nextHud("first")).not.toContain("Cloned from");
  const session = await server.createSession();
  llm.script(
    { toolCalls: [{ name: "write", args: { filePath: file, content: marking(marker, "Late by the agent") } }] },
    { text: "wrote a component" },
  );
  await server.prompt(session.id, "add a HUD component");
  expect(existsSync(file)).toBe(true);
  expect(tailHud(llm.agentRequests().at(-1)!)).not.toContain("Late by");
  const logs = await waitForLog(project, "agent-hud: .opencode/hud/Late.tsx is new or changed");
  expect(logs).toMatch(/agent-hud components accept \.opencode\/hud\/Late\.tsx [0-9a-f]{12}/);

  const listed = cli("components", "list");
  expect(listed.err).toBe("");
  const cloned = hashOf(listed.out, ".opencode/hud/Cloned.tsx")!;
  const late = hashOf(listed.out, ".opencode/hud/Late.tsx")!;
  expect(listed.out).toMatch(/^waiting +[0-9a-f]{12}  \.opencode\/hud\/Cloned\.tsx /m);
  expect(cli("components", "accept", ".opencode/hud/Late.tsx").code).toBe(2);
  expect(cli("components", "accept", ".opencode/hud/Cloned.tsx", cloned)).toMatchObject({ code: 0, err: "" });
  expect(cli("components", "accept", ".opencode/hud/Late.tsx", late)).toMatchObject({ code: 0, err: "" });
  const shown = await hudShowing("Late by the agent");
  expect(shown).toContain("Cloned from the repository");
  expect(shown).toContain("Late by the agent");
  expect(existsSync(marker)).toBe(false);

  // after a restart the accepted files render again, in the sandbox; a rejected one stays out
  expect(cli("components", "reject", ".opencode/hud/Late.tsx", late)).toMatchObject({ code: 0, err: "" });
  await env.server.stop();
  env.server = await startOpencode(project);
  const restarted = await hudShowing("Cloned from the repository");
  expect(restarted).toContain("Cloned from the repository");
  expect(restarted).not.toContain("Late by");
  expect(existsSync(marker)).toBe(false);
  expect(readFileSync(file, "utf8")).toContain("Late by the agent");
}, 180_000);

test("agent writes a component into the global folder: not rendered until accepted; a hard link there is refused", async () => {
  const { project } = env;
  const globalDir = join(project.env.XDG_CONFIG_HOME!, "opencode", "hud");
  mkdirSync(globalDir, { recursive: true });
  // what a shell the person allowed lets the agent do: write into the person's own folder, link a file in
  const planted = join(globalDir, "Planted.tsx");
  writeFileSync(planted, marking(marker, "Planted in the global folder"));
  const outside = join(project.dir, "linked-source.tsx");
  writeFileSync(outside, "export default () => <paragraph>Linked into the global folder</paragraph>;\n");
  linkSync(outside, join(globalDir, "Linked.tsx"));
  const first = await nextHud("global first");
  expect(first).not.toContain("Planted in");
  expect(first).not.toContain("Linked into");
  expect(first).toContain(`${join(globalDir, "Linked.tsx")}: failed to load: cannot read it: it is a hard link`);
  const logs = await waitForLog(project, `agent-hud: ${planted} is new or changed`);
  expect(logs).toContain(`agent-hud: ${join(globalDir, "Linked.tsx")}: cannot read it: it is a hard link`);

  const listed = cli("components", "list");
  expect(listed.out).toMatch(/^refused +-{12} {2}\S+\/Linked\.tsx {2}\(it is a hard link/m);
  const hash = hashOf(listed.out, planted)!;
  expect(listed.out).toMatch(/^waiting +[0-9a-f]{12} {2}\S+\/Planted\.tsx /m);
  expect(cli("components", "accept", planted, hash)).toMatchObject({ code: 0, err: "" });
  expect(await hudShowing("Planted in the global folder")).toContain("Planted in the global folder");
  expect(existsSync(marker)).toBe(false);
}, 120_000);
