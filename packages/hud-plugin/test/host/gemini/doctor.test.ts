import { expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GEMINI_SUPPORTED, geminiDoctor } from "../../../src/host/gemini/doctor.ts";

const home = () => mkdtempSync(join(tmpdir(), "gemini-doctor-"));

test("doctor names Gemini CLI's version against the tested range and says how to install the extension", () => {
  const lines = geminiDoctor({ HOME: home() }, () => GEMINI_SUPPORTED.newest);
  expect(lines[0]).toBe(
    `gemini: Gemini CLI ${GEMINI_SUPPORTED.newest} (supported ${GEMINI_SUPPORTED.oldest} to ${GEMINI_SUPPORTED.newest})`,
  );
  expect(lines[1]).toBe(
    "gemini: extension not installed (gemini extensions install https://github.com/agent-hud/agent-hud --ref=gemini-extension)",
  );
  expect(geminiDoctor({ HOME: home() }, () => "0.1.0")[0]).toContain("older than");
  expect(geminiDoctor({ HOME: home() }, () => "9.0.0")[0]).toContain("newer than the newest tested");
  expect(geminiDoctor({ HOME: home() }, () => null)[0]).toContain("not found on PATH");
});

test("doctor finds the installed extension and says when the person turned hooks off", () => {
  const dir = home();
  mkdirSync(join(dir, ".gemini", "extensions", "agent-hud"), { recursive: true });
  writeFileSync(join(dir, ".gemini", "extensions", "agent-hud", "gemini-extension.json"), '{"version":"0.1.0"}');
  writeFileSync(join(dir, ".gemini", "settings.json"), '{"hooksConfig":{"enabled":false}}');
  const lines = geminiDoctor({ HOME: dir }, () => GEMINI_SUPPORTED.newest);
  expect(lines[1]).toBe("gemini: extension agent-hud 0.1.0 installed");
  expect(lines[2]).toContain("hooks are off");
});
