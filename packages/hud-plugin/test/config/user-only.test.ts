import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CONFIG_FILE, loadConfig } from "../../src/config/index.ts";
import { storageDirFor } from "../../src/config/storage-dir.ts";
import { defaultDir } from "../../src/store/paths.ts";

let root: string;
let env: Record<string, string>;
let project: string;
const globalFile = () => join(env.XDG_CONFIG_HOME!, "opencode", CONFIG_FILE);
const projectFile = () => join(project, ".opencode", CONFIG_FILE);
const write = (path: string, text: string) => {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text);
};
const messages = () => loadConfig(project, undefined, env).problems.map((p) => p.message);

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "hud-config-user-only-"));
  env = { XDG_CONFIG_HOME: join(root, "config"), XDG_DATA_HOME: join(root, "data"), HOME: join(root, "home") };
  project = join(root, "project");
  mkdirSync(project, { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("keys only the person's global file may set", () => {
  test("a project's storageDir is ignored (server and the person's views alike) with one problem line", () => {
    write(projectFile(), `{ "storageDir": "~", "placement": "system" }`);
    const { config, problems } = loadConfig(project, undefined, env);
    expect(config.storageDir).toBeUndefined();
    expect(config.placement).toBe("system");
    expect(problems.map((p) => p.message)).toEqual([
      `agent-hud: ${projectFile()} sets storageDir, which only your global agent-hud.jsonc may set or loosen; ignored`,
    ]);
    expect(storageDirFor(project, undefined, env)).toBe(defaultDir(env));
    // the same key in the global file moves the folder, for both readers
    write(globalFile(), `{ "storageDir": "${join(root, "mine")}" }`);
    expect(loadConfig(project, undefined, env).config.storageDir).toBe(join(root, "mine"));
    expect(storageDirFor(project, undefined, env)).toBe(join(root, "mine"));
  });

  test("a project cannot turn redaction off, but may add patterns to the person's", () => {
    write(globalFile(), `{ "privacy": { "patterns": ["ACME-[0-9]{6}"] } }`);
    write(projectFile(), `{ "privacy": { "redact": false, "patterns": ["PROJ-[0-9]+"] } }`);
    const { config, problems } = loadConfig(project, undefined, env);
    expect(config.privacy).toEqual({ redact: true, patterns: ["ACME-[0-9]{6}", "PROJ-[0-9]+"] });
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toContain("sets privacy.redact,");
    // turning it on, or leaving it on, is no problem
    write(projectFile(), `{ "privacy": { "redact": true } }`);
    expect(messages()).toEqual([]);
  });

  test("the person's global file may turn redaction off", () => {
    write(globalFile(), `{ "privacy": { "redact": false } }`);
    const { config, problems } = loadConfig(project, undefined, env);
    expect(config.privacy.redact).toBe(false);
    expect(problems).toEqual([]);
  });

  test("what the person switched off (recall, agent components) a project cannot switch on; it may switch off", () => {
    write(globalFile(), `{ "recall": { "enabled": false }, "agentComponents": { "enabled": false } }`);
    write(projectFile(), `{ "recall": { "enabled": true }, "agentComponents": { "enabled": true, "maxCount": 2 } }`);
    const { config, problems } = loadConfig(project, undefined, env);
    expect(config.recall.enabled).toBe(false);
    expect(config.agentComponents).toMatchObject({ enabled: false, maxCount: 2 });
    expect(problems.map((p) => p.message)).toEqual([
      expect.stringContaining("sets recall.enabled, agentComponents.enabled,"),
    ]);
    rmSync(globalFile());
    write(projectFile(), `{ "recall": { "enabled": false } }`);
    expect(loadConfig(project, undefined, env).config.recall.enabled).toBe(false);
    expect(messages()).toEqual([]);
  });

  test("memory file switch-on attack: where the person switched the file off or kept it local, a project cannot undo it", () => {
    write(globalFile(), `{ "memoryFile": { "enabled": false, "git": "ignore" } }`);
    write(projectFile(), `{ "memoryFile": { "enabled": true, "git": "share" } }`);
    const { config, problems } = loadConfig(project, undefined, env);
    expect(config.memoryFile).toEqual({ enabled: false, git: "ignore" });
    expect(problems.map((p) => p.message)).toEqual([
      expect.stringContaining("sets memoryFile.enabled, memoryFile.git,"),
    ]);
    // the stricter way round is the project's to choose
    rmSync(globalFile());
    write(projectFile(), `{ "memoryFile": { "enabled": false, "git": "ignore" } }`);
    expect(loadConfig(project, undefined, env).config.memoryFile).toEqual({ enabled: false, git: "ignore" });
    expect(messages()).toEqual([]);
  });

  test("tokenizer memory attack: a project cannot make every process load the o200k table; the person's file can", () => {
    write(projectFile(), `{ "tokenizer": "o200k" }`);
    expect(loadConfig(project, undefined, env).config.tokenizer).toBe("estimate");
    expect(messages()).toEqual([expect.stringContaining("sets tokenizer,")]);
    write(globalFile(), `{ "tokenizer": "o200k" }`);
    write(projectFile(), `{ "tokenizer": "estimate" }`);
    expect(loadConfig(project, undefined, env).config.tokenizer).toBe("estimate");
    rmSync(projectFile());
    expect(loadConfig(project, undefined, env).config.tokenizer).toBe("o200k");
    expect(messages()).toEqual([]);
  });

  test("sandbox room attack: a project may lower agentComponents.maxCount and budgetMs, never raise them", () => {
    write(projectFile(), `{ "agentComponents": { "maxCount": 32, "budgetMs": 5000 } }`);
    expect(loadConfig(project, undefined, env).config.agentComponents).toEqual({
      enabled: true,
      maxCount: 8,
      budgetMs: 150,
    });
    expect(messages()).toEqual([expect.stringContaining("sets agentComponents.maxCount, agentComponents.budgetMs,")]);
    write(globalFile(), `{ "agentComponents": { "maxCount": 16 } }`);
    write(projectFile(), `{ "agentComponents": { "maxCount": 12, "budgetMs": 100 } }`);
    expect(loadConfig(project, undefined, env).config.agentComponents).toMatchObject({ maxCount: 12, budgetMs: 100 });
    expect(messages()).toEqual([]);
  });

  test("a project may keep its sessions for less time than the person's window, not longer", () => {
    write(globalFile(), `{ "retentionDays": 30 }`);
    write(projectFile(), `{ "retentionDays": 3650 }`);
    const { config, problems } = loadConfig(project, undefined, env);
    expect(config.retentionDays).toBe(30);
    expect(problems.map((p) => p.message)).toEqual([expect.stringContaining("sets retentionDays,")]);
    rmSync(globalFile());
    // with no global file the default window is the limit
    expect(loadConfig(project, undefined, env).config.retentionDays).toBe(90);
  });

  test("several ignored keys are one line; the rest of the project's file still applies", () => {
    write(projectFile(), `{ "storageDir": "/", "privacy": { "redact": false }, "caps": { "notes": 3 } }`);
    const { config, problems } = loadConfig(project, undefined, env);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toContain("sets storageDir, privacy.redact,");
    expect(config.caps).toEqual({ notes: 3 });
    expect(config.storageDir).toBeUndefined();
    expect(config.privacy.redact).toBe(true);
  });
});
