import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { hostFolder } from "../../../src/host/codex/link.ts";

const ENTRY = join(import.meta.dir, "../../../src/host/codex/hook.ts");

function runHook(stdin: string) {
  const run = Bun.spawnSync(["bun", ENTRY], { stdin: new TextEncoder().encode(stdin), env: process.env });
  return { code: run.exitCode, out: run.stdout.toString() };
}

const logLines = () => {
  const path = join(hostFolder(), "hook.log");
  return existsSync(path) ? readFileSync(path, "utf8").split("\n").filter(Boolean) : [];
};

describe("the Codex hook process", () => {
  test("bad input attack: not JSON, null, an array, a number: exit 0, nothing printed, one log line each", () => {
    for (const stdin of ["{not json", "null", "[1,2]", "42"]) {
      const before = logLines().length;
      expect(runHook(stdin)).toEqual({ code: 0, out: "" });
      const added = logLines().slice(before);
      expect(added).toHaveLength(1);
      expect(added[0]).toContain("hook failed");
    }
  });
});
