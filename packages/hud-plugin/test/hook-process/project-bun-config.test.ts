import { describe, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BUN_CODE_VARIABLES, CLI_HEAD } from "../../src/hook-process/plugin-files.ts";
import { STATUSLINE_SH, mcpJson as claudeMcp } from "../../src/host/claude-code/plugin-root.ts";
import { HOOK_SH as CODEX_HOOK_SH, mcpJson as codexMcp } from "../../src/host/codex/plugin-root.ts";
import { HOOK_SH as GEMINI_HOOK_SH, extensionJson } from "../../src/host/gemini/extension.ts";
import { HOOK_SH as CLAUDE_HOOK_SH } from "../../src/host/claude-code/plugin-root.ts";

/**
 * A cloned repository an attacker wrote: a `bunfig.toml` whose preload leaves a mark (the repository's code
 * running in our process) and a `.env` that sets a variable. Hosts start hooks, MCP servers and the status
 * line in the project's folder, so this is their working directory.
 */
function hostileProject(): { dir: string; preloaded: string } {
  const dir = mkdtempSync(join(tmpdir(), "hostile-project-"));
  const preloaded = join(dir, "preloaded");
  writeFileSync(join(dir, "bunfig.toml"), 'preload = ["./evil.js"]\n');
  writeFileSync(join(dir, "evil.js"), `require("node:fs").writeFileSync(${JSON.stringify(preloaded)}, "ran");\n`);
  writeFileSync(join(dir, ".env"), "AGENT_HUD_TEST_DOTENV=from-the-repository\n");
  return { dir, preloaded };
}

/** A plugin folder whose script `name` prints the variable the project's `.env` would set. */
function pluginFolder(...names: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), "plugin-scripts-"));
  mkdirSync(join(dir, "scripts"));
  for (const name of names)
    writeFileSync(
      join(dir, "scripts", name),
      "process.stdout.write(JSON.stringify({ dotenv: process.env.AGENT_HUD_TEST_DOTENV ?? null }));\n",
    );
  return dir;
}

function expectIsolated(run: { exitCode: number | null; stdout: Buffer }, preloaded: string): void {
  expect(run.exitCode).toBe(0);
  expect(JSON.parse(run.stdout.toString())).toEqual({ dotenv: null });
  expect(existsSync(preloaded)).toBe(false);
}

const env = { PATH: process.env.PATH ?? "" };

describe("a project's own Bun config and .env never reach agent-hud's processes", () => {
  test("bunfig attack and dotenv attack, hook launcher: every host's hook.sh run in the project's folder", () => {
    for (const launcher of [CLAUDE_HOOK_SH, CODEX_HOOK_SH, GEMINI_HOOK_SH]) {
      const project = hostileProject();
      const plugin = pluginFolder("hook.js");
      writeFileSync(join(plugin, "scripts", "hook.sh"), launcher);
      const run = Bun.spawnSync(["sh", join(plugin, "scripts", "hook.sh"), "SessionStart"], {
        cwd: project.dir,
        env,
        stdin: Buffer.from("{}"),
      });
      expectIsolated(run, project.preloaded);
    }
  });

  test("bunfig attack and dotenv attack, Claude Code's status line run in the project's folder", () => {
    const project = hostileProject();
    const plugin = pluginFolder("statusline-command.js");
    writeFileSync(join(plugin, "scripts", "statusline.sh"), STATUSLINE_SH);
    const run = Bun.spawnSync(["sh", join(plugin, "scripts", "statusline.sh")], {
      cwd: project.dir,
      env,
      stdin: Buffer.from("{}"),
    });
    expectIsolated(run, project.preloaded);
  });

  test("bunfig attack and dotenv attack, MCP servers: each host's command and arguments run in the project's folder", () => {
    const plugin = pluginFolder("mcp.js");
    const servers = [
      claudeMcp().mcpServers.hud,
      codexMcp().mcpServers.hud,
      Object.values(extensionJson("0.0.0").mcpServers)[0]!,
    ];
    for (const server of servers) {
      const project = hostileProject();
      // each host's own variable for the plugin's folder, or (Codex) a path from the installed copy
      const args = server.args.map((arg) =>
        arg
          .replace("${CLAUDE_PLUGIN_ROOT}", plugin)
          .replace("${extensionPath}", plugin)
          .replace(/^\.\/scripts\//, `${plugin}/scripts/`),
      );
      const run = Bun.spawnSync([server.command, ...args], { cwd: project.dir, env });
      expectIsolated(run, project.preloaded);
    }
  });

  test("bunfig attack, MCP server relaunch: the server that replaces itself with a leaner bun keeps the flags", () => {
    const project = hostileProject();
    const plugin = pluginFolder();
    const script = join(plugin, "scripts", "mcp.js");
    writeFileSync(
      script,
      `import { leanJit } from ${JSON.stringify(join(import.meta.dir, "../../src/host/lean-jit.ts"))};
leanJit();
process.stdout.write(JSON.stringify({ dotenv: process.env.AGENT_HUD_TEST_DOTENV ?? null, lean: process.execArgv.includes("--smol") }));
`,
    );
    const server = claudeMcp().mcpServers.hud;
    const args = server.args.map((arg) => arg.replace("${CLAUDE_PLUGIN_ROOT}/scripts/mcp.js", script));
    const run = Bun.spawnSync([server.command, ...args], { cwd: project.dir, env });
    expect(run.exitCode).toBe(0);
    // relaunched (`--smol` is the relaunch's), and neither start read the project's files
    expect(JSON.parse(run.stdout.toString())).toEqual({ dotenv: null, lean: true });
    expect(existsSync(project.preloaded)).toBe(false);
  });

  test("bunfig attack and dotenv attack, the agent-hud command: run through the link a package manager makes", () => {
    const project = hostileProject();
    const plugin = pluginFolder("index.js");
    const command = join(plugin, "scripts", "index.js");
    writeFileSync(command, CLI_HEAD + readFileSync(command, "utf8"));
    chmodSync(command, 0o755);
    const link = join(mkdtempSync(join(tmpdir(), "bin-")), "agent-hud");
    symlinkSync(command, link);
    expectIsolated(Bun.spawnSync([link], { cwd: project.dir, env }), project.preloaded);
    // bun reads the same file as a script: the shell's line is a string and a comment to it
    const direct = Bun.spawnSync(["bun", "--no-env-file", "--config=/dev/null", command], { cwd: project.dir, env });
    expectIsolated(direct, project.preloaded);
  });

  test("the hostile project is hostile: a bare `bun` started there runs its preload and reads its .env", () => {
    const project = hostileProject();
    const plugin = pluginFolder("mcp.js");
    const run = Bun.spawnSync(["bun", join(plugin, "scripts", "mcp.js")], { cwd: project.dir, env });
    expect(run.exitCode).toBe(0);
    expect(JSON.parse(run.stdout.toString())).toEqual({ dotenv: "from-the-repository" });
    expect(existsSync(project.preloaded)).toBe(true);
  });
});

/**
 * The environment a repository gives a host (Gemini CLI's project `.env`, Claude Code's project settings
 * `env`), which the host passes on: `BUN_OPTIONS` and `BUN_INSPECT_PRELOAD` preload the repository's code,
 * `BUN_INSPECT` would open a debugger anyone who reaches the port can run code through.
 */
function hostileEnv(): { env: Record<string, string>; marks: string[] } {
  const dir = mkdtempSync(join(tmpdir(), "hostile-env-"));
  const marks = ["options", "inspect-preload"].map((name) => join(dir, name));
  const env: Record<string, string> = { PATH: process.env.PATH ?? "" };
  for (const [i, mark] of marks.entries()) {
    const script = join(dir, `evil-${i}.js`);
    writeFileSync(script, `require("node:fs").writeFileSync(${JSON.stringify(mark)}, "ran");\n`);
    env[i === 0 ? "BUN_OPTIONS" : "BUN_INSPECT_PRELOAD"] = i === 0 ? `--preload ${script}` : script;
  }
  env.BUN_INSPECT = "ws://127.0.0.1:0/agent-hud-test";
  return { env, marks };
}

/** A plugin folder whose script `name` prints which of bun's code variables it was started with. */
function envPluginFolder(...names: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), "plugin-scripts-"));
  mkdirSync(join(dir, "scripts"));
  const seen = `Object.keys(process.env).filter((k) => ${JSON.stringify(BUN_CODE_VARIABLES)}.includes(k))`;
  for (const name of names)
    writeFileSync(join(dir, "scripts", name), `process.stdout.write(JSON.stringify(${seen}));\n`);
  return dir;
}

function expectClean(run: { exitCode: number | null; stdout: Buffer; stderr: Buffer }, marks: string[]): void {
  expect({ code: run.exitCode, seen: run.stdout.toString(), stderr: run.stderr.toString() }).toEqual({
    code: 0,
    seen: "[]",
    stderr: "",
  });
  for (const mark of marks) expect(existsSync(mark)).toBe(false);
}

describe("bun's code variables in the host's environment never reach agent-hud's processes", () => {
  test("env attack, hook launcher and status line: BUN_OPTIONS, BUN_INSPECT_PRELOAD and BUN_INSPECT are unset first", () => {
    for (const [launcher, script] of [
      [CLAUDE_HOOK_SH, "hook.js"],
      [CODEX_HOOK_SH, "hook.js"],
      [GEMINI_HOOK_SH, "hook.js"],
      [STATUSLINE_SH, "statusline-command.js"],
    ] as const) {
      const { env, marks } = hostileEnv();
      const plugin = envPluginFolder(script);
      writeFileSync(join(plugin, "scripts", "launcher.sh"), launcher);
      const run = Bun.spawnSync(["sh", join(plugin, "scripts", "launcher.sh"), "SessionStart"], {
        env,
        stdin: Buffer.from("{}"),
      });
      expectClean(run, marks);
    }
  });

  test("env attack, MCP servers a host starts with its own environment (Claude Code, Gemini CLI), and the agent-hud command", () => {
    const plugin = envPluginFolder("mcp.js", "index.js");
    for (const server of [claudeMcp().mcpServers.hud, Object.values(extensionJson("0.0.0").mcpServers)[0]!]) {
      const { env, marks } = hostileEnv();
      const args = server.args.map((arg) =>
        arg.replace("${CLAUDE_PLUGIN_ROOT}", plugin).replace("${extensionPath}", plugin),
      );
      expectClean(Bun.spawnSync([server.command, ...args], { env }), marks);
    }
    const command = join(plugin, "scripts", "index.js");
    writeFileSync(command, CLI_HEAD + readFileSync(command, "utf8"));
    chmodSync(command, 0o755);
    const { env, marks } = hostileEnv();
    expectClean(Bun.spawnSync([command], { env }), marks);
  });

  test("Codex CLI starts its MCP server with the variables it names only, none of bun's code variables", () => {
    const server = codexMcp().mcpServers.hud;
    for (const name of BUN_CODE_VARIABLES) expect(server.env_vars).not.toContain(name);
  });

  test("the hostile environment is hostile: a bare `bun` started with it runs both preloads", () => {
    const { env, marks } = hostileEnv();
    delete env.BUN_INSPECT;
    const run = Bun.spawnSync(["bun", "--no-env-file", "--config=/dev/null", "-e", "1"], { env });
    expect(run.exitCode).toBe(0);
    for (const mark of marks) expect(existsSync(mark)).toBe(true);
  });
});
