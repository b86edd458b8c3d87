import { Database } from "bun:sqlite";
import { afterEach, beforeEach, expect, test } from "bun:test";
import { statSync } from "node:fs";
import { join } from "node:path";
import { forgetSessions } from "../../src/store/forget.ts";
import { fakeOpencode, type FakeOpencode, type Msg } from "../helpers/fake-opencode.ts";

let oc: FakeOpencode;
beforeEach(async () => {
  oc = await fakeOpencode();
});
afterEach(() => oc.close());

const S = "ses_ledger";
const rows = () => {
  const db = new Database(join(oc.storageDir, "hud.db"), { readonly: true });
  try {
    return db
      .query("SELECT call, cache_read, bust FROM hud_cache_calls WHERE session_id = ? ORDER BY call")
      .all(S) as Array<{
      call: number;
      cache_read: number;
      bust: string | null;
    }>;
  } finally {
    db.close();
  }
};
const answered = (msg: Msg, input: number, read: number): Msg => ({
  ...msg,
  info: { ...msg.info, tokens: { input, output: 5, reasoning: 0, cache: { read, write: 0 } } },
});

/** One call as opencode 1.x makes it: messages transform, system transform, then the answer's usage event. */
async function call(history: Msg[], system: string[], input: number, read: number): Promise<Msg[]> {
  await oc.transform(history);
  await oc.system(S, system);
  const answer = answered(oc.assistant(S), input, read);
  await oc.event("message.updated", { info: answer.info });
  return [...history, answer];
}

test("a clean session is recorded call by call; another plugin's system change is named a bust, then purged", async () => {
  let history = [oc.user(S, "hello")];
  history = await call(history, ["You are opencode."], 2_000, 0);
  history = await call([...history, oc.user(S, "more")], ["You are opencode."], 100, 2_000);
  history = await call(
    [...history, oc.user(S, "and more")],
    ["changed by another plugin", "You are opencode."],
    2_200,
    0,
  );
  const stored = rows();
  expect(stored.map((r) => [r.call, r.cache_read])).toEqual([
    [1, 0],
    [2, 2_000],
    [3, 0],
  ]);
  expect(stored[1]!.bust).toBeNull();
  expect(JSON.parse(stored[2]!.bust!)).toMatchObject({ cause: "system", byAgentHud: false });
  expect(statSync(join(oc.storageDir, "hud.db")).mode & 0o777).toBe(0o600);

  // a repeated report of the same answer is one call, not a new one
  await oc.event("message.updated", { info: history.at(-1)!.info });
  expect(rows()).toHaveLength(3);

  forgetSessions(join(oc.storageDir, "hud.db"), [S]);
  expect(rows()).toEqual([]);
});

test("showToAgent puts the ledger's line into the HUD; by default the agent gets nothing of it", async () => {
  let history = [oc.user(S, "hello")];
  history = await call(history, ["You are opencode."], 1_000, 0);
  const sent = await oc.transform([...history, oc.user(S, "next")]);
  expect(JSON.stringify(sent.at(-1))).not.toContain("cache ");
  await oc.close();
  oc = await fakeOpencode({ cacheLedger: { showToAgent: true } });
  history = [oc.user(S, "hello")];
  history = await call(history, ["You are opencode."], 1_000, 0);
  const shown = await oc.transform([...history, oc.user(S, "next")]);
  expect(String(shown.at(-1)!.parts[0]!.text)).toContain("cache 0% · no bust");
});

test("enabled: false records nothing", async () => {
  await oc.close();
  oc = await fakeOpencode({ cacheLedger: { enabled: false } });
  await call([oc.user(S, "hello")], ["You are opencode."], 1_000, 0);
  expect(rows()).toEqual([]);
});
