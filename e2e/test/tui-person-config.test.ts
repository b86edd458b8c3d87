// The person's edits in opencode's real TUI (tmux) load the configuration the server loads: started in a
// subfolder of a repository whose agent-hud.jsonc turns the memory file off, /hud-edit writes no memory
// file (and no .gitattributes) anywhere, and its edit reaches the agent.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { hud } from "../harness/hud-session.ts";
import { tailHud } from "../harness/requests.ts";
import { startTuiProject } from "../harness/tui.ts";

let env: Awaited<ReturnType<typeof startTuiProject>>;
let sub: string;
beforeAll(async () => {
  env = await startTuiProject({
    files: {
      ".opencode/agent-hud.jsonc": `{ "memoryFile": { "enabled": false } }`,
      "packages/api/index.ts": "export {};\n",
    },
    cwd: (project) => (sub = join(project.dir, "packages", "api")),
  });
}, 90_000);
afterAll(() => env?.stop());

/** Every memory.md or .gitattributes the plugin could have written, anywhere in the project. */
function writtenFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && (e.name === "memory.md" || e.name === ".gitattributes"))
    .map((e) => join(e.parentPath, e.name));
}

test("started in a subfolder with the memory file off, the person's edit writes no memory file and reaches the agent", async () => {
  const { llm, tui, project } = env;
  // a project convention: the server has project memory the file would mirror if it were on
  llm.script({ toolCalls: [hud("conventions.add", { content: "tests use bun test" })] }, { text: "ok" });
  const before = llm.agentRequests().length;
  tui.type("go", true);
  await llm.waitFor(() => llm.agentRequests().length >= before + 2, 60_000, "the agent's two requests");
  await tui.slash("hud-edit");
  await tui.waitFor((t) => t.screen().includes("Edit the HUD"), "the edit dialog");
  tui.type("add a note");
  await tui.waitFor((t) => t.screen().includes("Add a note"), "the note action filtered");
  tui.press("Enter");
  await tui.waitFor((t) => t.screen().includes("enter submit"), "the note prompt");
  tui.type("Person in a subfolder", true);
  await tui.waitFor((t) => t.sidebar().includes("Person in a subfolder"), "the person's note in the sidebar");
  llm.script({ text: "seen" });
  const count = llm.agentRequests().length;
  tui.type("next", true);
  await llm.waitFor(() => llm.agentRequests().length > count, 60_000, "the next request");
  expect(tailHud(llm.agentRequests().at(-1)!)).toContain("Person in a subfolder");
  expect(writtenFiles(project.dir)).toEqual([]);
  expect(existsSync(join(sub, ".opencode"))).toBe(false);
}, 180_000);
