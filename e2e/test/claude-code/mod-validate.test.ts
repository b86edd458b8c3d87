// `claude plugin validate` on the built plugin root, as a directory submission would run it: it reads the
// mod statically (every `$` call spelled where it is made, every gating hook with `.catch`) and checks the
// manifest and the folder (author, network hosts, icon, README, LICENSE). It must pass with no warning.
import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CLAUDE_BIN, CLAUDE_PLUGIN_ROOT } from "../../harness/claude.ts";
import { requirePluginRoot } from "../../harness/claude-hud.ts";

test("the plugin root with its mod validates with no warning and no problem", () => {
  requirePluginRoot();
  const home = mkdtempSync(join(tmpdir(), "cc-validate-"));
  try {
    const run = Bun.spawnSync([CLAUDE_BIN, "plugin", "validate", CLAUDE_PLUGIN_ROOT], {
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, DISABLE_TELEMETRY: "1", DISABLE_AUTOUPDATER: "1" },
    });
    const out = `${run.stdout.toString()}${run.stderr.toString()}`;
    expect(run.exitCode).toBe(0);
    expect(out).toContain("✔ Validation passed");
    expect(out).not.toContain("Validation passed with warnings");
    expect(out).not.toMatch(/⚠|✘|without \.catch/);
    expect(out).toContain("modules: hooks/mod/register.js");
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
