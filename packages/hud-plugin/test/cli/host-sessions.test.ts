// `agent-hud data`, `purge` and the HUD view (once and `--watch`) over sessions Codex's and Gemini CLI's hooks
// recorded, as the hooks record them: listed with their project, shown, and purged with every file of theirs.
import { beforeAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import "../helpers/hermetic-env.ts";
import { captureCli } from "../helpers/run-cli.ts";
import { storageDirFor } from "../../src/config/storage-dir.ts";
import { handleHook } from "../../src/host/codex/handle.ts";
import { hostFolder } from "../../src/host/codex/link.ts";
import { newMemory, runGeminiHook } from "../../src/host/gemini/handle.ts";
import { createLogger } from "../../src/log/index.ts";
import { openHud } from "../../src/runtime/open.ts";

const log = createLogger(undefined, () => {});
const root = mkdtempSync(join(tmpdir(), "cli-hosts-"));
const project = join(root, "project");
mkdirSync(join(project, ".git"), { recursive: true });
const dataDir = storageDirFor(project, undefined, process.env);
const codexID = crypto.randomUUID();
const geminiID = crypto.randomUUID();

const cli = (argv: string[], signal?: AbortSignal) =>
  captureCli({
    argv,
    cwd: project,
    tty: false,
    env: { ...process.env, NO_COLOR: "1" },
    ...(signal ? { signal, pollMs: 10 } : {}),
  });

const ledgerRows = (id: string) => {
  const db = new Database(join(dataDir, "hud.db"), { readonly: true });
  try {
    return (db.query("SELECT count(*) AS n FROM hud_cache_calls WHERE session_id = ?").get(id) as { n: number }).n;
  } finally {
    db.close();
  }
};

/** A Codex session: its rollout with one call's count, and the hooks of a start and a prompt. */
async function codexSession() {
  const rollout = join(root, "rollout.jsonl");
  const usage = { input_tokens: 5000, cached_input_tokens: 4000, output_tokens: 10, total_tokens: 5010 };
  const count = { type: "token_count", info: { total_token_usage: usage, last_token_usage: usage } };
  writeFileSync(
    rollout,
    `${JSON.stringify({ timestamp: new Date().toISOString(), type: "event_msg", payload: count })}\n`,
  );
  const input = (event: string) => ({
    session_id: codexID,
    transcript_path: rollout,
    cwd: project,
    hook_event_name: event,
  });
  await handleHook({ ...input("SessionStart"), source: "startup" }, log);
  await handleHook(input("UserPromptSubmit"), log);
}

/** A Gemini CLI session: one BeforeModel hook on the runtime its MCP server keeps. */
async function geminiSession() {
  const opened = openHud({ directory: project, worktree: project, log })!;
  try {
    const messages = [{ role: "user", content: "hi" }];
    const input = { session_id: geminiID, cwd: project, hook_event_name: "BeforeModel", llm_request: { messages } };
    expect(await runGeminiHook(opened.deps, input, newMemory("now"))).toBeDefined();
  } finally {
    opened.dispose();
  }
}

beforeAll(async () => {
  await codexSession();
  await geminiSession();
});

test("data counts Codex's and Gemini CLI's sessions under the project they ran in", async () => {
  expect((await cli(["data"])).out).toMatch(/\(this folder\): 2 sessions/);
});

test("the view shows each session's HUD, and --watch the latest one (Gemini CLI's)", async () => {
  for (const id of [codexID, geminiID]) {
    const once = await cli(["--session", id, "--markdown"]);
    expect({ id, code: once.code }).toEqual({ id, code: 0 });
    expect(once.out).toContain("### Agent HUD");
  }
  const stop = new AbortController();
  // the first print happens before the watch's first wait
  const watching = cli(["--watch"], stop.signal);
  stop.abort();
  expect((await watching).out).toContain(`session ${geminiID}`);
});

test("purge removes a Codex session with its ledger rows, session file and links, then a Gemini CLI one", async () => {
  expect(ledgerRows(codexID)).toBe(1);
  const dry = await cli(["purge", "--session", codexID, "--dry-run"]);
  expect(dry.out).toContain(`would remove session ${codexID}`);
  expect(ledgerRows(codexID)).toBe(1);
  const purged = await cli(["purge", "--session", codexID]);
  expect(purged.out).toContain(`removed session ${codexID}`);
  expect(ledgerRows(codexID)).toBe(0);
  expect(existsSync(join(dataDir, "codex", "sessions", `${codexID}.json`))).toBe(false);
  // the links the MCP server reads name the session and its folder: none of them stays
  const links = join(hostFolder(), "links");
  const linkTexts = readdirSync(links).map((f) => readFileSync(join(links, f), "utf8"));
  expect(linkTexts.filter((t) => t.includes(codexID))).toEqual([]);
  expect((await cli(["data"])).out).toMatch(/\(this folder\): 1 sessions/);
  expect((await cli(["purge", "--session", geminiID])).out).toContain(`removed session ${geminiID}`);
  expect((await cli(["data"])).out).not.toContain("(this folder)");
});
