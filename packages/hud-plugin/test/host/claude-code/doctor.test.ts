import { describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { claudeCodeDoctor, MIN_BUN } from "../../../src/host/claude-code/doctor.ts";

describe("doctor's Claude Code lines", () => {
  test("say what is missing: Bun, a recent Bun, the plugin, any hook run", () => {
    const home = mkdtempSync(join(tmpdir(), "cc-doctor-"));
    const data = join(home, "data");
    const none = claudeCodeDoctor(data, { HOME: home }, null);
    expect(none[0]).toContain("Bun not found");
    expect(none[1]).toContain("plugin not installed");
    expect(none[2]).toContain("no hook has run yet");
    // compared as numbers: 1.3.9 comes before 1.3.10
    expect(claudeCodeDoctor(data, { HOME: home }, "1.3.9")[0]).toContain("older than 1.3.10");
  });

  test("name the oldest Bun the package declares (engines.bun), the one the e2e suite's oldest subset runs", () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dir, "../../../package.json"), "utf8"));
    expect(pkg.engines.bun).toBe(`>=${MIN_BUN}`);
  });

  test("find the plugin in Claude Code's settings and the hooks' session files", () => {
    const home = mkdtempSync(join(tmpdir(), "cc-doctor-"));
    mkdirSync(join(home, ".claude"));
    writeFileSync(
      join(home, ".claude", "settings.json"),
      JSON.stringify({ enabledPlugins: { "agent-hud@agent-hud": true } }),
    );
    const data = join(home, "data");
    mkdirSync(join(data, "claude-code", "sessions"), { recursive: true });
    writeFileSync(join(data, "claude-code", "sessions", "abc.json"), "{}");
    const lines = claudeCodeDoctor(data, { HOME: home }, "1.3.14");
    expect(lines[0]).toBe("claude-code: Bun 1.3.14 (needs >= 1.3.10)");
    expect(lines[1]).toContain("settings.json");
    expect(lines[2]).toContain("hooks ran for 1 session(s)");
  });

  test("name Claude Code's version against the supported range", () => {
    const data = join(mkdtempSync(join(tmpdir(), "cc-doctor-")), "data");
    const line = (version: string | null) => claudeCodeDoctor(data, {}, "1.3.14", () => version)[3];
    expect(line("2.1.332")).toBe("claude-code: Claude Code 2.1.332 (supported 2.1.197 to 2.1.332)");
    expect(line("2.1.250")).toBe("claude-code: Claude Code 2.1.250 (supported 2.1.197 to 2.1.332)");
    expect(line("2.1.100")).toContain("older than 2.1.197");
    expect(line("2.2.0")).toContain("newer than the newest tested (2.1.332)");
    expect(line(null)).toContain("`claude` not found on PATH");
  });

  test("say whether the installed version runs the mod: 2.1.328 on, earlier ones the hooks only", () => {
    const data = join(mkdtempSync(join(tmpdir(), "cc-doctor-")), "data");
    const mod = (version: string | null) => claudeCodeDoctor(data, {}, "1.3.14", () => version)[4];
    expect(mod("2.1.332")).toContain("the mod loads in 2.1.332");
    expect(mod("2.1.328")).toContain("the mod loads in 2.1.328");
    expect(mod("2.1.327")).toBe(
      "claude-code: 2.1.327 runs the hooks only; the mod (pane, /hud, compaction from the HUD) needs 2.1.328 or later",
    );
    expect(mod("2.1.287")).toContain("runs the hooks only");
    expect(mod(null)).toBeUndefined();
  });

  test("read the version from the claude on PATH (a stand-in script printing as claude does)", () => {
    const root = mkdtempSync(join(tmpdir(), "cc-doctor-"));
    const bin = join(root, "bin");
    mkdirSync(bin);
    writeFileSync(join(bin, "claude"), "#!/bin/sh\necho '2.1.300 (Claude Code)'\n", { mode: 0o755 });
    const lines = claudeCodeDoctor(join(root, "data"), { HOME: root, PATH: bin }, "1.3.14");
    expect(lines[3]).toBe("claude-code: Claude Code 2.1.300 (supported 2.1.197 to 2.1.332)");
  });
});
