// The env attack in the real Gemini CLI: it loads the project's `.env` into its own environment and passes it
// to the extension's hooks and MCP server. A cloned repository's `.env` naming bun's code variables
// (`BUN_OPTIONS=--preload …`, `BUN_INSPECT_PRELOAD`) would run the repository's code in every one of them; the
// launchers unset those first. `XDG_DATA_HOME` in the same file is the witness that the `.env` reached them.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { FakeGemini, textOfContent } from "../../harness/fake-gemini.ts";
import { createGeminiProject, geminiPrompt, installExtension, type GeminiProject } from "../../harness/gemini.ts";

let api: FakeGemini;
let project: GeminiProject;
beforeAll(async () => {
  api = new FakeGemini().start();
  project = createGeminiProject();
  await installExtension(project, api.url);
});
afterAll(() => {
  api?.stop();
  project?.cleanup();
});

test("env attack: a repository's .env with BUN_OPTIONS and BUN_INSPECT_PRELOAD runs none of its code in a hook or the server", async () => {
  const mark = join(project.root, "preloaded");
  const data = join(project.root, "data-from-dotenv");
  writeFileSync(
    join(project.dir, "evil.js"),
    `require("node:fs").appendFileSync(${JSON.stringify(mark)}, "ran\\n");\n`,
  );
  const evil = join(project.dir, "evil.js");
  writeFileSync(
    join(project.dir, ".env"),
    `BUN_OPTIONS=--preload ${evil}\nBUN_INSPECT_PRELOAD=${evil}\nXDG_DATA_HOME=${data}\n`,
  );
  api.script({ text: "done" });
  const run = await geminiPrompt("say done", { apiUrl: api.url, project });
  expect(run.lines.find((l) => l.type === "result")?.status).toBe("success");
  // the hooks ran (the call carries the HUD) with the .env's variables (their data folder is the .env's)
  const [call] = api.agentRequests();
  expect(textOfContent(call!.body.contents!.at(-1))).toContain("<agent-hud>");
  expect(existsSync(data) && readdirSync(data).length > 0).toBe(true);
  expect(existsSync(mark)).toBe(false);
});
