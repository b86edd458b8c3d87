// `claude plugin validate`, Claude Code's own check of a plugin root, passes with no warning and no error on
// both roots the build writes: `dist/claude-code/` (for --plugin-dir) and the package's folder (what the
// marketplace's npm source installs), each copied out of the repository first, as an install holds it, so the
// plugin-directory checks read its own README and LICENSE. Strict, with the plugin directory's profile: a
// warning or a finding fails the run; the one check it cannot make is the mod's (a hooks module).
import { afterAll, expect, test } from "bun:test";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { CLAUDE_BIN, CLAUDE_PLUGIN_ROOT, claudeEnv } from "../../harness/claude.ts";
import { requirePluginRoot } from "../../harness/claude-hud.ts";
import { PLUGIN_DIR } from "../../harness/opencode.ts";

const REPO = resolve(import.meta.dir, "../../..");
const scratch = mkdtempSync(join(tmpdir(), "agent-hud-validate-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Report = {
  success: boolean;
  manifest: { type: string; errors: unknown[]; warnings: unknown[] };
  advice: unknown[];
  directory: {
    findings: unknown[];
    undecided: unknown[];
    incomplete: boolean;
    failure: unknown;
    notes?: string[];
  } | null;
  provides: { hooks: unknown[]; mcpServers: Array<{ name: string }>; commands: string[] };
};

function validate(path: string, json: boolean, plugin = true): { code: number; out: string } {
  const home = mkdtempSync(join(scratch, "home-"));
  // the plugin directory's profile applies to a plugin folder only
  const profile = plugin ? ["--profile", "directory"] : [];
  const args = [CLAUDE_BIN, "plugin", "validate", "--strict", ...profile, ...(json ? ["--json"] : [])];
  const run = Bun.spawnSync([...args, path], {
    cwd: scratch,
    env: claudeEnv("http://127.0.0.1:9", home),
    stdout: "pipe",
    stderr: "pipe",
  });
  return { code: run.exitCode, out: `${run.stdout.toString()}${run.stderr.toString()}` };
}

/** Validates a plugin root both ways (the report, the person's text) and returns the report. */
function clean(root: string): Report {
  const { code, out } = validate(root, true);
  const report = JSON.parse(out) as Report;
  expect({ code, errors: report.manifest.errors, warnings: report.manifest.warnings }).toEqual({
    code: 0,
    errors: [],
    warnings: [],
  });
  expect(report.success).toBe(true);
  expect(report.manifest.type).toBe("plugin");
  // the mod is code the directory reviews by rules of its own: the local checks say once that they cannot
  // judge it (so they call themselves incomplete), and find nothing else
  expect(report.directory).toMatchObject({ findings: [], undecided: [], incomplete: true, failure: null });
  expect(report.directory!.notes).toEqual([expect.stringContaining("names a hooks module")]);
  // the README carries the one-step install line the directory asks for
  expect(report.advice).toEqual([]);
  const text = validate(root, false);
  expect(text.code).toBe(0);
  expect(text.out).toContain("Validation passed");
  expect(text.out).not.toMatch(/warning|⚠|✘|without \.catch/i);
  // the static read of the mod: every `$` call found where it is made
  expect(text.out).toMatch(/modules: (dist\/claude-code\/)?hooks\/mod\/register\.js/);
  return report;
}

test("the built plugin root (dist/claude-code) validates with no warning", () => {
  requirePluginRoot();
  const root = join(scratch, "claude-code");
  cpSync(CLAUDE_PLUGIN_ROOT, root, { recursive: true });
  const report = clean(root);
  expect(report.provides.mcpServers.map((s) => s.name)).toEqual(["hud"]);
  expect(report.provides.commands).toContain("agent-hud:hud");
  expect(report.provides.hooks.length).toBeGreaterThan(0);
});

test("the package's folder, as published (its `files`), is a plugin root that validates with no warning", () => {
  requirePluginRoot();
  const root = join(scratch, "package");
  const pkg = JSON.parse(readFileSync(join(PLUGIN_DIR, "package.json"), "utf8")) as { files: string[] };
  for (const file of [...pkg.files, "package.json"])
    cpSync(join(PLUGIN_DIR, file), join(root, file), { recursive: true });
  const report = clean(root);
  expect(report.provides.mcpServers.map((s) => s.name)).toEqual(["hud"]);
  expect(report.provides.commands).toContain("agent-hud:hud");
});

test("the repository's marketplace manifest validates with no warning", () => {
  const { code, out } = validate(REPO, true, false);
  const report = JSON.parse(out) as Report;
  expect({
    code,
    type: report.manifest.type,
    errors: report.manifest.errors,
    warnings: report.manifest.warnings,
  }).toEqual({ code: 0, type: "marketplace", errors: [], warnings: [] });
});
