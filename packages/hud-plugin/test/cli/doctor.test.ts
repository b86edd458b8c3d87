import { afterEach, beforeEach, expect, test } from "bun:test";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../../src/cli/main.ts";
import { EventStore } from "../../src/store/index.ts";

let root: string;
let env: Record<string, string>;
let project: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "hud-doctor-"));
  env = { XDG_CONFIG_HOME: join(root, "config"), XDG_DATA_HOME: join(root, "data"), HOME: join(root, "home") };
  project = join(root, "project");
  mkdirSync(join(project, ".git"), { recursive: true });
  mkdirSync(join(project, ".opencode"), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

async function doctor(version: string | undefined) {
  const out: string[] = [];
  const code = await runCli({
    argv: ["doctor"],
    cwd: project,
    tty: false,
    env,
    out: (t) => void out.push(t),
    err: (t) => void out.push(t),
    opencodeVersion: () => version,
  });
  return { code, text: out.join("") };
}

test("doctor names the files read, where each option came from, the data folder's modes, the TUI entry and the host", async () => {
  mkdirSync(join(env.XDG_CONFIG_HOME!, "opencode"), { recursive: true });
  writeFileSync(join(env.XDG_CONFIG_HOME!, "opencode", "agent-hud.jsonc"), `{ "placement": "system" }`);
  writeFileSync(
    join(project, ".opencode", "agent-hud.jsonc"),
    `{ "placement": "tail", "recall": { "enabled": false } }`,
  );
  writeFileSync(join(project, ".opencode", "tui.json"), JSON.stringify({ plugin: ["@agent-hud/hud-plugin"] }));
  const dir = join(env.XDG_DATA_HOME!, "opencode", "hud");
  const store = EventStore.open({ dir, log: () => {} });
  store.append("session:ses_a", [{ kind: "note.add", at: 1, content: "x" }]);
  store.close();
  chmodSync(join(dir, "hud.db"), 0o644);
  const { code, text } = await doctor("1.18.33");
  expect(code).toBe(0);
  expect(text).toContain(`config ${join(env.XDG_CONFIG_HOME!, "opencode", "agent-hud.jsonc")}: read`);
  expect(text).toContain(`option placement from ${join(project, ".opencode", "agent-hud.jsonc")}`);
  expect(text).toContain("recall off");
  expect(text).toContain(`data folder ${dir}: mode 700`);
  expect(text).toContain(`component decisions ${join(env.HOME!, ".local", "state", "agent-hud")}: none yet`);
  expect(text).toMatch(/file hud\.db: \d+ bytes, mode 644 \(expected 600\)/);
  expect(text).toContain(`TUI entry registered in ${join(project, ".opencode", "tui.json")}`);
  expect(text).toContain("opencode 1.18.33; supported: >= 1.15.13");
});

test("doctor on a machine with nothing yet says so, line by line", async () => {
  const { text } = await doctor(undefined);
  expect(text).toContain("agent-hud.jsonc: not present");
  expect(text).toContain(": not created yet");
  expect(text).toContain("TUI entry not registered");
  expect(text).toContain("opencode not found on PATH");
});
