import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CONFIG_FILE, loadConfig } from "../../src/config/index.ts";
import { storageDirFor } from "../../src/config/storage-dir.ts";

let root: string;
let env: Record<string, string>;
let project: string;
const projectFile = () => join(project, ".opencode", CONFIG_FILE);
const write = (path: string, text: string) => {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text);
};
const loosening = `{ "privacy": { "redact": false }, "storageDir": "${"~"}/elsewhere", "retentionDays": 36500 }`;

/**
 * The problems of loading in a process of its own: a blocking or endless read would stop this one for
 * good, past any test timeout.
 */
function loadAlone(env: Record<string, string>): { code: number | null; out: string } {
  const loader = `import { loadConfig } from ${JSON.stringify(join(import.meta.dir, "../../src/config/index.ts"))};
    const { problems } = loadConfig(${JSON.stringify(project)}, undefined, ${JSON.stringify(env)});
    console.log(problems.map((p) => p.message).join("\\n"));`;
  const run = Bun.spawnSync([process.execPath, "-e", loader], { timeout: 10_000 });
  return { code: run.exitCode, out: run.stdout.toString().trim() };
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "hud-config-attacks-"));
  env = { XDG_CONFIG_HOME: join(root, "config"), XDG_DATA_HOME: join(root, "data"), HOME: join(root, "home") };
  project = join(root, "project");
  mkdirSync(join(project, ".git"), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("config folder steering attack", () => {
  for (const [name, steer] of [
    ["XDG_CONFIG_HOME", (dir: string) => ({ XDG_CONFIG_HOME: dir })],
    ["HOME", (dir: string) => ({ HOME: dir, XDG_CONFIG_HOME: "" })],
    ["OPENCODE_CONFIG_DIR", (dir: string) => ({ OPENCODE_CONFIG_DIR: join(dir, "opencode") })],
  ] as const)
    test(`config folder steering attack: ${name} inside the repository (a repository's env) makes its file no global layer`, () => {
      const inside = join(project, "cfg");
      const file =
        name === "HOME" ? join(inside, ".config", "opencode", CONFIG_FILE) : join(inside, "opencode", CONFIG_FILE);
      write(file, loosening);
      const steered = { ...env, ...steer(inside) };
      const { config, problems } = loadConfig(project, undefined, steered);
      expect(config.privacy.redact).toBe(true);
      expect(config.storageDir).toBeUndefined();
      expect(config.retentionDays).toBe(90);
      expect(problems.map((p) => p.message)).toContain(
        `agent-hud: ${file} sets storageDir, privacy.redact, retentionDays, which only your global agent-hud.jsonc may set or loosen; ignored`,
      );
      expect(storageDirFor(project, undefined, steered)).not.toContain("elsewhere");
    });

  test("config folder steering attack: through a link from outside into the repository too; a folder outside it stays global", () => {
    write(join(project, "cfg", "opencode", CONFIG_FILE), `{ "privacy": { "redact": false } }`);
    symlinkSync(join(project, "cfg"), join(root, "link"));
    expect(loadConfig(project, undefined, { ...env, XDG_CONFIG_HOME: join(root, "link") }).config.privacy.redact).toBe(
      true,
    );
    write(join(env.XDG_CONFIG_HOME!, "opencode", CONFIG_FILE), `{ "privacy": { "redact": false } }`);
    expect(loadConfig(project, undefined, env).config.privacy.redact).toBe(false);
  });
});

describe("files that are no options file", () => {
  test("link-out attack: the project's file linking to a secret outside the repository is not read, nor quoted", () => {
    write(join(root, "home", ".aws", "credentials"), "aws_secret_access_key_Xk29dLq8ZpR7vN3mT6wY1sB4\n");
    mkdirSync(join(project, ".opencode"));
    symlinkSync(join(root, "home", ".aws", "credentials"), projectFile());
    const messages = loadConfig(project, undefined, env).problems.map((p) => p.message);
    expect(messages).toEqual([expect.stringContaining("is a link out of")]);
    expect(messages.join("\n")).not.toContain("Xk29dLq8");
    // a link inside the repository is followed
    write(join(project, "shared.jsonc"), `{ "placement": "system" }`);
    rmSync(projectFile());
    symlinkSync(join(project, "shared.jsonc"), projectFile());
    expect(loadConfig(project, undefined, env).config.placement).toBe("system");
  });

  test("device attack: a file linking to /dev/zero is refused at once (its read would never end)", () => {
    mkdirSync(join(project, ".opencode"));
    symlinkSync("/dev/zero", projectFile());
    // the person's own global file too: a link is followed there, but only to a regular file
    symlinkSync("/dev/zero", join(root, CONFIG_FILE));
    const steered = { ...env, OPENCODE_CONFIG_DIR: root };
    expect(loadAlone(steered)).toEqual({
      code: 0,
      out: [
        `agent-hud: ${join(root, CONFIG_FILE)} is not a regular file; ignoring that file`,
        `agent-hud: ${projectFile()} is a link out of ${project} (to /dev/zero); only a file in the project is read; ignoring that file`,
      ].join("\n"),
    });
  });

  test("flood attack: a project file over 256 KB is refused unparsed", () => {
    write(projectFile(), `{ "placement": "system", "x": "${"a".repeat(300 * 1024)}" }`);
    const { config, problems } = loadConfig(project, undefined, env);
    expect(config.placement).toBe("tail");
    expect(problems.map((p) => p.message)).toEqual([expect.stringContaining("over the 256 KB limit")]);
  });

  test("pipe attack: a named pipe as the project's file is refused at once (loading would wait for a writer forever)", () => {
    mkdirSync(join(project, ".opencode"));
    expect(Bun.spawnSync(["mkfifo", projectFile()]).exitCode).toBe(0);
    expect(loadAlone(env)).toEqual({
      code: 0,
      out: `agent-hud: ${projectFile()} is not a regular file; ignoring that file`,
    });
  });
});

describe("token cost attack", () => {
  test("a project's file lowers the HUD's budgets and caps, never raises them above the person's or the defaults", () => {
    write(
      join(env.XDG_CONFIG_HOME!, "opencode", CONFIG_FILE),
      `{ "budgets": { "compact": 400 }, "caps": { "notes": 30 } }`,
    );
    write(
      projectFile(),
      `{ "budgets": { "full": 20000, "compact": 300, "minimal": 60 }, "caps": { "notes": 500, "steps": 4, "files": 16 } }`,
    );
    const { config, problems } = loadConfig(project, undefined, env);
    // raised past the default (full 800) or the person's (notes 30), past the default (files 15): ignored
    expect(config.budgets).toEqual({ compact: 300, minimal: 60 });
    expect(config.caps).toEqual({ notes: 30, steps: 4 });
    expect(problems.map((p) => p.message)).toEqual([
      `agent-hud: ${projectFile()} sets budgets.full, caps.notes, caps.files, which only your global agent-hud.jsonc may set or loosen; ignored`,
    ]);
  });
});
