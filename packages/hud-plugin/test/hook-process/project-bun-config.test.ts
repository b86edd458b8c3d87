import { describe, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CLI_HEAD } from "../../src/hook-process/plugin-files.ts";
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
