// Sessions of the real Claude Code: `--resume` shows the state, and a new session of the same project is
// offered the last session's unfinished task, which `hud resume` takes over.
import { afterAll, beforeAll, expect, test } from "bun:test";
import {
  currentHud,
  fullCopies,
  hud,
  mainLoop,
  requestText,
  startClaudeHud,
  toolResults,
  type ClaudeHud,
} from "../../harness/claude-hud.ts";

const TASK = "Migrate billing to the v2 invoices API";
const STEP = "backfill open invoices";

let env: ClaudeHud;
beforeAll(() => {
  env = startClaudeHud();
});
afterAll(() => env?.stop());

test("--resume shows the state; a new session is offered the unfinished task and takes it over", async () => {
  const { api, session } = env;
  api.script(
    { toolUses: [hud("task.set", { description: TASK })] },
    { toolUses: [hud("steps.add", { description: STEP })] },
    { text: "started" },
  );
  await session.send("start the migration");
  const id = session.sessionId;
  await session.close();
  const lastOfFirst = mainLoop(api).at(-1)!;

  api.script({ text: "back again" });
  const resumed = env.start({ resume: id });
  const result = await resumed.send("where were we?");
  expect(result.session_id).toBe(id);
  const afterResume = mainLoop(api).at(-1)!;
  // a fresh copy for the resumed process, not only the ones the history already held
  expect(fullCopies(afterResume)).toBeGreaterThan(fullCopies(lastOfFirst));
  expect(currentHud(afterResume)).toContain(TASK);
  expect(currentHud(afterResume)).toContain(STEP);
  await resumed.close();

  api.script({ toolUses: [hud("resume")] }, { text: "resumed" });
  const fresh = env.start();
  const before = mainLoop(api).length;
  await fresh.send("hello");
  expect(fresh.sessionId).not.toBe(id);
  const [offered, afterTakeOver] = mainLoop(api).slice(before);
  expect(currentHud(offered!)).toBeDefined();
  expect(currentHud(offered!)).not.toContain(STEP);
  const offer = requestText(offered!);
  expect(offer).toContain(TASK);
  expect(offer).toContain("hud resume");
  expect(toolResults(afterTakeOver!).at(-1)).toContain("ok: resumed");
  expect(currentHud(afterTakeOver!)).toContain(TASK);
  expect(currentHud(afterTakeOver!)).toContain(STEP);
});
