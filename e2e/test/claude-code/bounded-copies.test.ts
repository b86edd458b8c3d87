// Claude Code's history can only grow, so what the plugin appends stays. Over 40 tool batches that each
// change the HUD (the agent's own `hud` calls and a file it reads), the last call holds no HUD line more than
// 3 times: each update says only what changed since the previous one, leaves out what the agent's own calls
// changed (their results said it), and the state still reads back from the plugin's texts.
import { afterEach, expect, test } from "bun:test";
import type { Reply } from "../../harness/fake-anthropic.ts";
import {
  currentHud,
  fullCopies,
  hud,
  hudLineCounts,
  mainLoop,
  startClaudeHud,
  type ClaudeHud,
} from "../../harness/claude-hud.ts";

const BATCHES = 40;
const part = (n: number) => `src/part-${n}.ts`;
const files = Object.fromEntries(
  Array.from({ length: BATCHES }, (_, i) => [part(i + 1), `export const part = ${i};\n`]),
);

let env: ClaudeHud | undefined;
afterEach(async () => {
  await env?.stop();
  env = undefined;
});

/** Runs the batches in a fresh session; returns its main-loop requests. */
async function run(setup: Reply[], batch: (n: number, dir: string) => Reply) {
  env = startClaudeHud({ files });
  const { api, session, project } = env;
  const replies = [...setup];
  for (let n = 1; n <= BATCHES; n++) replies.push(batch(n, project.dir));
  replies.push({ text: "all batches done" });
  api.script(...replies);
  await session.send("run the batches", 300_000);
  const requests = mainLoop(api);
  expect(requests).toHaveLength(setup.length + BATCHES + 1);
  return requests;
}

function expectBounded(last: Parameters<typeof currentHud>[0]) {
  const counts = [...hudLineCounts(last)].sort((a, b) => b[1] - a[1]);
  expect(counts.length).toBeGreaterThan(0);
  const [line, most] = counts[0]!;
  if (most > 3) throw new Error(`a HUD line is written ${most} times in the last request: ${JSON.stringify(line)}`);
  expect(fullCopies(last)).toBe(1);
}

const read = (dir: string, n: number) => ({ name: "Read", input: { file_path: `${dir}/${part(n)}` } });

test(`growing: ${BATCHES} batches that each add a step and read a new file; no HUD line more than 3 times`, async () => {
  const requests = await run([], (n, dir) => ({
    toolUses: [hud("steps.add", { description: `write part ${n} of the exporter` }), read(dir, n)],
  }));
  // a file read is told by the next call; every request's updates read back without a gap
  for (let n = 1; n <= BATCHES; n++) expect(currentHud(requests[n]!)).toContain(`part-${n}.ts`);
  const last = requests.at(-1)!;
  expectBounded(last);
  // the first batch's update says the file read, not the step: the agent's own call told it that
  const first = [...hudLineCounts(requests[1]!).keys()];
  expect(first.some((line) => line.includes("part-1.ts"))).toBe(true);
  expect(first.filter((line) => line.includes("write part 1 of"))).toEqual([]);
}, 600_000);

test(`steady: ${BATCHES} batches that each complete a step, add one and read one of 5 files; no HUD line more than 3 times`, async () => {
  const notes = Array.from(
    { length: 8 },
    (_, i) => `fact ${i}: the exporter writes rows in chunks of ${(i + 1) * 512}`,
  );
  const setup: Reply[] = [
    {
      toolUses: [
        hud("task.set", { description: "Stream the exporter" }),
        ...notes.map((content) => hud("notes.add", { content })),
        ...[1, 2, 3, 4, 5].map((n) => hud("steps.add", { description: `write part ${n} of the exporter` })),
      ],
    },
  ];
  const requests = await run(setup, (n, dir) => ({
    toolUses: [
      hud("steps.complete", { id: `s${n}` }),
      hud("steps.add", { description: `write part ${n + 5} of the exporter` }),
      read(dir, ((n - 1) % 5) + 1),
    ],
  }));
  for (const request of requests) currentHud(request);
  const last = requests.at(-1)!;
  expectBounded(last);
  const state = currentHud(last)!;
  for (let n = 1; n <= 5; n++) expect(state).toContain(`part-${n}.ts`);
}, 600_000);
