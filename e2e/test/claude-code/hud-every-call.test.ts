// The HUD before every main-loop model call of the real Claude Code: at session start, on each prompt, after
// each tool batch (what changed since, except what the agent's own calls told it), and in a sub-agent's calls
// (which see their parent's task).
import { afterAll, beforeAll, expect, test } from "bun:test";
import {
  currentHud,
  hud,
  isSubagent,
  mainLoop,
  startClaudeHud,
  SUBAGENT_MARK,
  toolResults,
  type ClaudeHud,
} from "../../harness/claude-hud.ts";

let env: ClaudeHud;
beforeAll(() => {
  env = startClaudeHud();
});
afterAll(() => env?.stop());

test("session start, each prompt and each tool batch: the call's HUD is the current one", async () => {
  const { api, session, project } = env;
  api.script(
    { toolUses: [hud("task.set", { description: "Trace the flaky login test" })] },
    { toolUses: [{ name: "Read", input: { file_path: `${project.dir}/README.md` } }] },
    { text: "first answer" },
    { text: "second answer" },
  );
  await session.send("look around");
  await session.send("and again");
  const [start, afterTask, afterRead, nextPrompt] = mainLoop(api);
  expect(currentHud(start!)).toBeDefined();
  expect(currentHud(start!)).not.toContain("Trace the flaky login test");
  // the agent's own call is told by its result; the plugin does not say that change again
  expect(toolResults(afterTask!).at(-1)).toContain("ok: set task");
  expect(currentHud(afterTask!)).not.toContain("Trace the flaky login test");
  // a file read changes the HUD by other means: it shows up after its batch
  expect(currentHud(afterRead!)).toContain("README.md");
  expect(currentHud(nextPrompt!)).toContain("README.md");
});

test("a sub-agent's model calls carry a HUD with its parent's task", async () => {
  const { api, session } = env;
  const before = api.agentRequests().length;
  api.script(
    { toolUses: [hud("task.set", { description: "Audit the payment retries" })] },
    {
      toolUses: [
        {
          name: "Agent",
          input: {
            description: "find retry code",
            prompt: `${SUBAGENT_MARK} list the files that retry payments`,
            subagent_type: "general-purpose",
          },
        },
      ],
    },
    { text: "sub-agent answer" },
    { text: "parent answer" },
  );
  await session.send("delegate the search");
  // the turn's result can be written before the sub-agent's request is recorded (an agent Claude Code runs
  // in the background): wait for it, and name what the Agent call answered if it never comes
  const ran = () => api.agentRequests().slice(before).some(isSubagent);
  await api.waitFor(ran, 30_000, "the sub-agent's request").catch((error: Error) => {
    const answers = api
      .agentRequests()
      .slice(before)
      .flatMap((r) => toolResults(r).slice(-1));
    throw new Error(`${error.message}; the Agent call answered: ${JSON.stringify(answers.at(-1) ?? "nothing")}`);
  });
  await api.waitFor(() => api.agentRequests().length - before >= 4, 30_000, "the parent's and the sub-agent's calls");
  const requests = api.agentRequests().slice(before);
  const sub = requests.filter(isSubagent);
  expect(sub).toHaveLength(1);
  expect(currentHud(sub[0]!)).toContain("Audit the payment retries");
  const main = requests.filter((r) => !isSubagent(r));
  expect(main).toHaveLength(3);
  expect(mainLoop(api).every((request) => currentHud(request) !== undefined)).toBe(true);
});
