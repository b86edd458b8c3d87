import { describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import "../../helpers/hermetic-env.ts";
import { codexDoctor } from "../../../src/host/codex/doctor.ts";

describe("doctor's Codex CLI lines", () => {
  test("not installed: the two install commands, the trust step, no hook run, no codex on PATH", () => {
    const home = mkdtempSync(join(tmpdir(), "codex-doctor-"));
    const lines = codexDoctor(join(home, "data"), { HOME: home }, () => null);
    expect(lines[0]).toContain("codex plugin marketplace add");
    expect(lines[0]).toContain("codex plugin add agent-hud@agent-hud");
    expect(lines[1]).toContain("only after you trust them");
    expect(lines[2]).toContain("no hook has run yet");
    expect(lines[3]).toContain("`codex` not found");
  });

  test("installed (CODEX_HOME's config.toml), enabled or not, and the hooks' session files", () => {
    const home = mkdtempSync(join(tmpdir(), "codex-doctor-"));
    const codexHome = join(home, "ch");
    mkdirSync(codexHome);
    const config = (enabled: boolean) =>
      writeFileSync(
        join(codexHome, "config.toml"),
        `model = "x"\n\n[plugins."agent-hud@agent-hud"]\nenabled = ${enabled}\n\n[other]\nenabled = false\n`,
      );
    const data = join(home, "data");
    mkdirSync(join(data, "codex", "sessions"), { recursive: true });
    writeFileSync(join(data, "codex", "sessions", "abc.json"), "{}");
    config(true);
    const lines = codexDoctor(data, { HOME: home, CODEX_HOME: codexHome }, () => "0.171.0");
    expect(lines[0]).toBe("codex: plugin installed and enabled (config.toml)");
    expect(lines[2]).toContain("hooks ran for 1 session(s)");
    expect(lines[3]).toBe("codex: Codex CLI 0.171.0 (tested on 0.171.0)");
    config(false);
    expect(codexDoctor(data, { HOME: home, CODEX_HOME: codexHome }, () => "0.172.0")[0]).toContain("disabled");
  });
});
