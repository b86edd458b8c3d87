// Claude Code's history can only grow, so what the plugin appends stays: over 40 tool batches that each
// change the HUD, the last call carries no more than 3 full HUD copies and still reads the current state.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Reply } from "../../harness/fake-anthropic.ts";
import { currentHud, fullCopies, hud, mainLoop, startClaudeHud, type ClaudeHud } from "../../harness/claude-hud.ts";

let env: ClaudeHud;
beforeAll(() => {
  env = startClaudeHud();
});
afterAll(() => env?.stop());

const BATCHES = 40;
const task = (n: number) => `Work through batch #${n}.`;

test(`${BATCHES} changing tool batches leave at most 3 full HUD copies in the conversation`, async () => {
  const { api, session } = env;
  const replies: Reply[] = [];
  for (let n = 1; n <= BATCHES; n++) replies.push({ toolUses: [hud("task.set", { description: task(n) })] });
  replies.push({ text: "all batches done" });
  api.script(...replies);
  await session.send("run the batches", 300_000);
  const requests = mainLoop(api);
  expect(requests).toHaveLength(BATCHES + 1);
  // each batch's change is what the next call reads
  for (let n = 1; n <= BATCHES; n++) expect(currentHud(requests[n]!)).toContain(task(n));
  const last = requests.at(-1)!;
  expect(currentHud(last)).not.toContain(task(BATCHES - 1));
  expect(fullCopies(last)).toBeGreaterThanOrEqual(1);
  expect(fullCopies(last)).toBeLessThanOrEqual(3);
}, 300_000);
