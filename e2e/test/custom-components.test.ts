import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hud, startHudEnv, type HudEnv } from "../harness/hud-session.ts";
import { logProblems, PLUGIN_DIR } from "../harness/opencode.ts";
import { tailHud } from "../harness/requests.ts";

// Users' components exactly as they would write them: plain JSX, no pragma, nothing installed.
const MARKER = `export const after = "task";
export default function Marker({ density, state }) {
  return <paragraph><strong>Marker</strong> custom-v1 at {density}, {state.notes.length} notes</paragraph>;
}
`;
const THROWS = `export default function Throws() {
  throw new Error("deploy status unavailable");
}
`;
const BROKEN = `export default function Broken() {
  return <paragraph>unclosed
}
`;
const GLOBAL = `export default () => <paragraph><strong>Global</strong> from the config folder</paragraph>;\n`;
const GIT_BRANCH = readFileSync(join(import.meta.dir, "../../examples/components/GitBranch.tsx"), "utf8");
const CLI = join(PLUGIN_DIR, "dist", "cli", "index.js");

/** Accepts every waiting file (project and global) with the hash `agent-hud components list` shows, as the person would. */
function acceptAll(dir: string, env: Record<string, string | undefined>) {
  const run = (...argv: string[]) =>
    Bun.spawnSync(["bun", CLI, "components", ...argv], { cwd: dir, env: { ...env, PWD: dir } });
  const listed = run("list").stdout.toString();
  for (const [, hash, file] of listed.matchAll(/^waiting +([0-9a-f]{12}) {2}(\S+)/gm)) {
    const done = run("accept", file!, hash!);
    expect([done.exitCode, done.stderr.toString()]).toEqual([0, ""]);
  }
}

/**
 * The agent requests of prompts sent until one's HUD shows every one of `texts`: the components render in the
 * sandbox when the state changes, each in its own time, and a call carries whatever has rendered by then. A
 * host with nothing between two calls (no snapshots) sends several before the sandbox is done.
 */
async function promptUntil(texts: string[], script: () => void, prompt: string, sessionID?: string) {
  const { llm, server } = env;
  const session = sessionID ? { id: sessionID } : await server.createSession();
  const deadline = Date.now() + 60_000;
  for (let i = 0; ; i++) {
    script();
    const count = llm.agentRequests().length;
    await server.prompt(session.id, `${prompt} ${i}`);
    const requests = llm.agentRequests().slice(count);
    if (requests.some((r) => texts.every((text) => (tailHud(r) ?? "").includes(text)))) return requests;
    if (Date.now() > deadline) throw new Error(`no request showed all of ${JSON.stringify(texts)} within 60 s`);
    await Bun.sleep(200);
  }
}

let env: HudEnv;
beforeAll(async () => {
  env = await startHudEnv({
    files: {
      ".opencode/hud/Marker.tsx": MARKER,
      ".opencode/hud/Throws.tsx": THROWS,
      ".opencode/hud/Broken.tsx": BROKEN,
      ".opencode/hud/GitBranch.tsx": GIT_BRANCH,
    },
  });
  const globalDir = join(env.project.env.XDG_CONFIG_HOME!, "opencode", "hud");
  mkdirSync(globalDir, { recursive: true });
  writeFileSync(join(globalDir, "Global.tsx"), GLOBAL);
  // a file reaches the agent once the person accepted it, in the project's folder and the global one alike
  acceptAll(env.project.dir, env.project.env);
}, 90_000);
afterAll(() => env?.stop());

test("custom components render in the HUD of the next request; failing ones show one line, built-ins intact", async () => {
  const { project } = env;
  const requests = await promptUntil(
    ["**Marker** custom-v1", "ship custom components", "Throws.tsx", "Broken.tsx", "**Global**"],
    () => env.llm.script({ toolCalls: [hud("task.set", { description: "ship custom components" })] }, { text: "done" }),
    "set the task",
  );
  // the components render in the sandbox when the state changes: the first request that carries the task
  // and their renders
  const hudText = requests
    .map((r) => tailHud(r) ?? "")
    .find((text) =>
      ["**Marker**", "ship custom components", "Throws.tsx", "Broken.tsx"].every((t) => text.includes(t)),
    )!;
  expect(hudText).toContain("**Global** from the config folder");
  expect(hudText).toContain("**Marker** custom-v1 at full, 0 notes");
  const lines = hudText.split("\n");
  const taskLine = lines.findIndex((l) => l.includes("ship custom components"));
  const markerLine = lines.findIndex((l) => l.includes("**Marker**"));
  expect(markerLine).toBeGreaterThan(taskLine);
  // each failing one: one line with its error, alone or with the switch-off once it failed 2 of its last 10
  // renders (it fails on every render, and how many renders come before this request depends on when
  // opencode's events arrive)
  const throws = lines.filter((l) => l.includes("Throws.tsx"));
  expect(throws).toHaveLength(1);
  expect(throws[0]).toMatch(
    /^\*\*⚠ custom section failed\*\* \.opencode\/hud\/Throws\.tsx: (Error: deploy status unavailable \(in Throws\)|switched off, it failed 2 of its last 10 renders \(last: Error: deploy status unavailable \(in Throws\)\); fix it, then agent-hud components accept it)$/,
  );
  const broken = lines.filter((l) => l.includes("Broken.tsx"));
  expect(broken).toHaveLength(1);
  expect(broken[0]).toMatch(
    /^\*\*⚠ custom section failed\*\* \.opencode\/hud\/Broken\.tsx: (switched off, it failed 2 of its last 10 renders \(last: )?SyntaxError: .*at line \d+:\d+/,
  );
  expect(hudText).toContain("**Global**");
  expect(await logProblems(env.server, "agent-hud")).toEqual([]);
}, 120_000);

test("an edited component is held until the person accepts it; the example GitBranch renders the agent's git status", async () => {
  const { llm, server, project } = env;
  const session = await server.createSession();
  writeFileSync(join(project.dir, ".opencode/hud/Marker.tsx"), MARKER.replace("custom-v1", "custom-v2 after an edit"));
  llm.script(
    { toolCalls: [{ name: "bash", args: { command: "git status", description: "status" } }] },
    { text: "held" },
  );
  const heldAt = llm.agentRequests().length;
  await server.prompt(session.id, "look");
  const held = tailHud(llm.agentRequests()[heldAt + 1]!)!;
  // the last accepted render stays until the person answers
  expect(held).toContain("**Marker** custom-v1 at full");
  expect(held).not.toContain("custom-v2");
  acceptAll(project.dir, project.env);
  const requests = await promptUntil(
    ["custom-v2 after an edit"],
    () => llm.script({ text: "edited" }),
    "look again",
    session.id,
  );
  const hudText = tailHud(requests.at(-1)!)!;
  expect(hudText).not.toContain("custom-v1");
  // the example reads the agent's last git status: the edit above is a dirty file in it
  expect(hudText).toMatch(/\*\*Git\*\* `(master|main)`/);
  expect(hudText).toContain("- `.opencode/hud/Marker.tsx` modified");
}, 180_000);
