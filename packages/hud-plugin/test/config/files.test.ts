import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CONFIG_FILE, HudOptions, loadConfig } from "../../src/config/index.ts";
import { configJsonSchema } from "../../src/config/json-schema.ts";
import { createHooks } from "../../src/plugin.ts";

let root: string;
let env: Record<string, string>;
let project: string;
const globalFile = () => join(env.XDG_CONFIG_HOME!, "opencode", CONFIG_FILE);
const projectFile = () => join(project, ".opencode", CONFIG_FILE);
const write = (path: string, text: string) => {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "hud-config-files-"));
  env = { XDG_CONFIG_HOME: join(root, "config"), HOME: join(root, "home") };
  project = join(root, "project");
  mkdirSync(project, { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("agent-hud.jsonc", () => {
  test("global, then project, then the plugin entry; nested options merge key by key", () => {
    write(globalFile(), `// mine, everywhere\n{ "budgets": { "full": 900, "compact": 300 }, "placement": "system", }`);
    write(projectFile(), `{ "$schema": "./schema.json", "budgets": { "compact": 200 }, "caps": { "notes": 5 } }`);
    const { config, problems } = loadConfig(project, { caps: { notes: 7 } }, env);
    expect(problems).toEqual([]);
    expect(config.budgets).toEqual({ full: 900, compact: 200 });
    expect(config.placement).toBe("system");
    expect(config.caps).toEqual({ notes: 7 });
  });

  test("a bad option is reported with its file and falls back alone, to the layer below", () => {
    write(globalFile(), `{ "budgets": { "full": 900 }, "compactMinPercent": 40 }`);
    write(projectFile(), `{ "budgets": { "full": 5 }, "placement": "system" }`);
    const { config, problems } = loadConfig(project, undefined, env);
    expect(config.budgets).toEqual({ full: 900 });
    expect(config.placement).toBe("system");
    expect(config.compactMinPercent).toBe(40);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toContain("budgets.full");
    expect(problems[0]!.message).toContain(projectFile());
  });

  test("a malformed file is reported and ignored; the other layers still apply", () => {
    write(globalFile(), `{ "placement": "system" }`);
    write(projectFile(), `{ "budgets": { "full": 900 } oops`);
    const { config, problems } = loadConfig(project, undefined, env);
    expect(config.placement).toBe("system");
    expect(config.budgets).toEqual({});
    expect(problems.map((p) => p.message)).toEqual([expect.stringContaining(`${projectFile()} is not valid JSONC`)]);
  });

  test("a project's retentionDays is its own: the others keep the global file's window", () => {
    write(globalFile(), `{ "retentionDays": 30 }`);
    write(projectFile(), `{ "retentionDays": 1 }`);
    const { config } = loadConfig(project, undefined, env);
    expect(config.retentionDays).toBe(1);
    expect(config.othersRetentionDays).toBe(30);
    rmSync(projectFile());
    const global = loadConfig(project, undefined, env).config;
    expect([global.retentionDays, global.othersRetentionDays]).toEqual([30, undefined]);
  });

  test("storageDir must be absolute or under ~/; a relative one is one problem line and the default", () => {
    write(globalFile(), `{ "storageDir": "data/hud" }`);
    const relative = loadConfig(project, undefined, env);
    expect(relative.config.storageDir).toBeUndefined();
    expect(relative.problems.map((p) => p.message)).toEqual([
      expect.stringContaining('storageDir must be an absolute path or start with ~/, got "data/hud"'),
    ]);
    const home = loadConfig(project, { storageDir: "~/hud-data" }, env).config.storageDir;
    expect(home).toBe(join(require("node:os").homedir(), "hud-data"));
    expect(loadConfig(project, { storageDir: "/var/tmp/hud" }, env).config.storageDir).toBe("/var/tmp/hud");
  });

  test("started in a subfolder, the repository's file is found; nothing above the repository is read", () => {
    mkdirSync(join(project, ".git"), { recursive: true });
    write(projectFile(), `{ "placement": "system" }`);
    write(join(root, ".opencode", CONFIG_FILE), `{ "caps": { "notes": 3 } }`);
    const sub = join(project, "packages", "api");
    mkdirSync(sub, { recursive: true });
    const { config, problems } = loadConfig(sub, undefined, env);
    expect(problems).toEqual([]);
    expect(config.placement).toBe("system");
    expect(config.caps).toEqual({});
  });

  test("OPENCODE_CONFIG_DIR holds a second global file, read after the global one and before the project's", () => {
    const extra = join(root, "team-config");
    write(globalFile(), `{ "placement": "system", "caps": { "notes": 4 } }`);
    write(join(extra, CONFIG_FILE), `{ "caps": { "notes": 6 }, "retentionDays": 30 }`);
    write(projectFile(), `{ "caps": { "steps": 2 } }`);
    const { config, problems } = loadConfig(project, undefined, { ...env, OPENCODE_CONFIG_DIR: extra });
    expect(problems).toEqual([]);
    expect(config.placement).toBe("system");
    expect(config.caps).toEqual({ notes: 6, steps: 2 });
    // it speaks for every project, so its retention is not a project's own
    expect([config.retentionDays, config.othersRetentionDays]).toEqual([30, undefined]);
  });

  test("no files and no entry options: the defaults, enabled", () => {
    const { config, problems } = loadConfig(project, undefined, env);
    expect(problems).toEqual([]);
    expect(config.enabled).toBe(true);
  });
});

describe("the plugin with config files", () => {
  async function plugin(entry?: Record<string, unknown>, withToasts = true) {
    const toasts: Array<{ title?: string; message: string; variant: string }> = [];
    const logs: string[] = [];
    const client = {
      app: { log: async (o: { body: { message: string } }) => void logs.push(o.body.message) },
      ...(withToasts
        ? { tui: { showToast: async (o: { body: (typeof toasts)[number] }) => void toasts.push(o.body) } }
        : {}),
      session: { messages: async () => ({ data: [] }), summarize: async () => {} },
    };
    const saved = process.env.XDG_CONFIG_HOME;
    process.env.XDG_CONFIG_HOME = env.XDG_CONFIG_HOME;
    try {
      const input = { client, project: {}, directory: project, worktree: project, serverUrl: new URL("http://x") };
      const hooks = await createHooks(input as never, { storageDir: join(root, "store"), ...entry });
      return { hooks, toasts, logs };
    } finally {
      process.env.XDG_CONFIG_HOME = saved;
    }
  }

  /** Two chat calls of one session: what the person sees must not repeat on the second. */
  async function twoChatCalls(hooks: Awaited<ReturnType<typeof createHooks>>): Promise<void> {
    const transform = hooks["experimental.chat.system.transform"]!;
    const input = {
      sessionID: "ses_config01",
      model: { id: "m", providerID: "p", limit: { context: 1000, output: 100 } },
    };
    for (let i = 0; i < 2; i++) await transform(input as never, { system: [] });
  }

  test("`enabled: false` in the project file turns the plugin off: no hooks, no tools", async () => {
    write(globalFile(), `{ "placement": "system" }`);
    write(projectFile(), `{ "enabled": false }`);
    const { hooks } = await plugin();
    expect(hooks).toEqual({});
  });

  test("a bad option is shown to the person once, as a TUI toast on the first chat call", async () => {
    write(projectFile(), `{ "budgets": { "full": "big" } }`);
    const { hooks, toasts } = await plugin();
    expect(toasts).toEqual([]);
    await twoChatCalls(hooks);
    expect(toasts).toHaveLength(1);
    expect(toasts[0]!.variant).toBe("warning");
    expect(toasts[0]!.message).toContain("budgets.full");
    expect(toasts[0]!.message).toContain(projectFile());
    await hooks.dispose?.();
  });

  test("an opencode without the toast API: one log line says so, the problem itself is logged", async () => {
    write(projectFile(), `{ "budgets": { "full": "big" } }`);
    const { hooks, logs } = await plugin(undefined, false);
    await twoChatCalls(hooks);
    expect(logs.filter((l) => l.includes("budgets.full"))).toHaveLength(1);
    expect(logs.filter((l) => l.includes("no TUI toast API"))).toHaveLength(1);
    await hooks.dispose?.();
  });
});

describe("the shipped JSON Schema", () => {
  test("is the TypeBox options plus $schema, and checks a file the way the plugin does", () => {
    const schema = configJsonSchema();
    expect(Object.keys(schema.properties as object)).toEqual(["$schema", ...Object.keys(HudOptions.properties)]);
    const good = { $schema: "./agent-hud.schema.json", enabled: false, budgets: { full: 900 } };
    const { $schema: _, ...options } = good;
    expect(Value.Check(HudOptions, options)).toBe(true);
    expect(Value.Check(HudOptions, { budgets: { full: "big" } })).toBe(false);
  });
});
