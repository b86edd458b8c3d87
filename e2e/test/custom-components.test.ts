import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hud, startHudEnv, type HudEnv } from "../harness/hud-session.ts";
import { logProblems, PLUGIN_DIR, startOpencode } from "../harness/opencode.ts";
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
  // files present when opencode starts load; one written while it runs waits for the person (below)
  await env.server.stop();
  env.server = await startOpencode(env.project);
});
afterAll(() => env?.stop());

test("custom components render in the HUD of the next request; failing ones show one line, built-ins intact", async () => {
  const { llm, server, project } = env;
  const session = await server.createSession();
  llm.script({ toolCalls: [hud("task.set", { description: "ship custom components" })] }, { text: "done" });
  await server.prompt(session.id, "set the task");
  const [first, second] = llm.agentRequests();
  const before = tailHud(first!)!;
  expect(before).toContain("**Marker** custom-v1 at full, 0 notes");
  expect(before).toContain("**Global** from the config folder");
  // the example component, run inside the binary: the harness's project is a git repository on a branch
  expect(before).toMatch(/\*\*Git\*\* `(master|main)`/);

  const hudText = tailHud(second!)!;
  expect(hudText).toContain("ship custom components");
  const lines = hudText.split("\n");
  const taskLine = lines.findIndex((l) => l.includes("ship custom components"));
  const markerLine = lines.findIndex((l) => l.includes("**Marker**"));
  expect(markerLine).toBeGreaterThan(taskLine);
  expect(lines.filter((l) => l.includes("Throws.tsx"))).toEqual([
    "**⚠ custom section failed** .opencode/hud/Throws.tsx: deploy status unavailable",
  ]);
  const broken = lines.filter((l) => l.includes("Broken.tsx"));
  expect(broken).toHaveLength(1);
  expect(broken[0]).toMatch(
    /^\*\*⚠ custom section failed\*\* \.opencode\/hud\/Broken\.tsx: failed to load: .*at line \d+:\d+/,
  );
  // the LLM call went on and the rest of the HUD is there
  expect(hudText).toContain("**Marker**");
  expect(hudText).toContain("**Global**");
  expect(logProblems(project, "agent-hud")).toEqual([]);
});

test("an edited component is held until the person accepts it, then shows without restarting opencode", async () => {
  const { llm, server, project } = env;
  const session = await server.createSession();
  writeFileSync(join(project.dir, ".opencode/hud/Marker.tsx"), MARKER.replace("custom-v1", "custom-v2 after an edit"));
  writeFileSync(
    join(project.dir, ".opencode/hud/Broken.tsx"),
    `export default () => <paragraph>broken no more</paragraph>;\n`,
  );
  llm.script({ text: "held" });
  const heldAt = llm.agentRequests().length;
  await server.prompt(session.id, "look");
  const held = tailHud(llm.agentRequests()[heldAt]!)!;
  // the last accepted render of each stays until the person answers
  expect(held).toContain("**Marker** custom-v1 at full");
  expect(held).not.toContain("custom-v2");
  expect(held).toContain("Broken.tsx: failed to load");
  for (const file of [".opencode/hud/Marker.tsx", ".opencode/hud/Broken.tsx"]) {
    const run = Bun.spawnSync(["bun", join(PLUGIN_DIR, "dist", "cli", "index.js"), "components", "accept", file], {
      cwd: project.dir,
      env: { ...project.env, PWD: project.dir },
    });
    expect([run.exitCode, run.stderr.toString()]).toEqual([0, ""]);
  }
  // GitBranch reuses one git status for a second (several densities per call); let it expire
  await Bun.sleep(1_100);
  llm.script({ text: "edited" });
  const count = llm.agentRequests().length;
  await server.prompt(session.id, "look again");
  const hudText = tailHud(llm.agentRequests()[count]!)!;
  expect(hudText).toContain("**Marker** custom-v2 after an edit");
  expect(hudText).not.toContain("custom-v1");
  expect(hudText).toContain("broken no more");
  expect(hudText).not.toContain("Broken.tsx: failed to load");
  // the example reads the working tree on each call: the edits above are dirty files now
  expect(hudText).toMatch(/\*\*Git\*\* `(master|main)` 2 dirty files/);
  expect(hudText).toContain("- `.opencode/hud/Marker.tsx` modified");
});
