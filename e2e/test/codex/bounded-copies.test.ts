// Codex's history can only grow, so what the hooks append stays. Over 40 tool batches that each change the
// HUD (the agent's own `hud` call and a file its patch adds), the last request holds no HUD line more than 3
// times, and the state still reads back from the plugin's texts. One Codex process runs all of it.
import { afterAll, beforeAll, expect, test } from "bun:test";
import {
  CODEX_MARKET_ROOT,
  createCodexProject,
  exec,
  HUD_NAMESPACE,
  installPlugin,
  type CodexProject,
} from "../../harness/codex.ts";
import { currentHud, fullCopies, hudLineCounts } from "../../harness/codex-hud.ts";
import { FakeOpenAI, type Reply } from "../../harness/fake-openai.ts";

const BATCHES = 40;
const api = new FakeOpenAI().start();
let project: CodexProject;

beforeAll(async () => {
  project = createCodexProject({ apiUrl: api.url });
  await installPlugin(project, CODEX_MARKET_ROOT, "agent-hud");
});
afterAll(() => {
  api.stop();
  project?.cleanup();
});

const patch = (n: number) =>
  ["*** Begin Patch", `*** Add File: src/part-${n}.ts`, `+export const part = ${n};`, "*** End Patch", ""].join("\n");

test(`${BATCHES} batches that each add a step and a file: no HUD line more than 3 times, the state reads back`, async () => {
  const replies: Reply[] = [
    {
      calls: [
        {
          raw: {
            type: "tool_search_call",
            call_id: "search",
            status: "completed",
            execution: "client",
            arguments: { query: "hud" },
          },
        },
      ],
    },
  ];
  for (let n = 1; n <= BATCHES; n++)
    replies.push({
      calls: [
        {
          namespace: HUD_NAMESPACE,
          name: "hud",
          callId: `step${n}`,
          args: { tool: "steps.add", args: { description: `write part ${n} of the exporter` } },
        },
        {
          raw: {
            type: "custom_tool_call",
            call_id: `patch${n}`,
            name: "apply_patch",
            input: patch(n),
            status: "completed",
          },
        },
      ],
    });
  replies.push({ text: "all batches done" });
  api.script(...replies);
  await exec(project, "run the batches", { timeoutMs: 280_000 });
  const requests = api.ofKind("agent");
  expect(requests).toHaveLength(BATCHES + 2);
  // each patch's file is told by the next request
  for (let n = 1; n <= BATCHES; n++) expect(currentHud(requests[n + 1]!)).toContain(`part-${n}.ts`);
  const last = requests.at(-1)!;
  const counts = [...hudLineCounts(last)].sort((a, b) => b[1] - a[1]);
  expect(counts.length).toBeGreaterThan(0);
  const [line, most] = counts[0]!;
  if (most > 3) throw new Error(`a HUD line is written ${most} times in the last request: ${JSON.stringify(line)}`);
  expect(fullCopies(last)).toHaveLength(1);
}, 300_000);
