import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { logDir } from "../../../src/host/claude-code/hook-log.ts";
import { claudeSession } from "./fixture.ts";

const ENTRY = join(import.meta.dir, "../../../src/host/claude-code/hook.ts");

function runHook(stdin: string) {
  const run = Bun.spawnSync(["bun", ENTRY], { stdin: new TextEncoder().encode(stdin), env: process.env });
  return { code: run.exitCode, out: run.stdout.toString() };
}

const logLines = () => {
  const path = join(logDir(), "hook.log");
  return existsSync(path) ? readFileSync(path, "utf8").split("\n").filter(Boolean) : [];
};

describe("the hook process", () => {
  test("prints Claude Code's hook output JSON for a hook with something to say", () => {
    const s = claudeSession();
    const { code, out } = runHook(JSON.stringify(s.input("SessionStart", { source: "startup" })));
    expect(code).toBe(0);
    const parsed = JSON.parse(out) as { hookSpecificOutput: { hookEventName: string; additionalContext: string } };
    expect(parsed.hookSpecificOutput.hookEventName).toBe("SessionStart");
    expect(parsed.hookSpecificOutput.additionalContext).toContain("<agent-hud>");
  });

  test("bad input: exit 0, nothing on stdout, one line in the hook log", () => {
    const before = logLines().length;
    const { code, out } = runHook("{not json");
    expect(code).toBe(0);
    expect(out).toBe("");
    const added = logLines().slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toContain("hook failed");
  });

  test("non-object input attack: null, an array, a number: exit 0, nothing printed, one log line each", () => {
    for (const stdin of ["null", "[1,2]", "42"]) {
      const before = logLines().length;
      expect(runHook(stdin)).toEqual({ code: 0, out: "" });
      const added = logLines().slice(before);
      expect(added).toHaveLength(1);
      expect(added[0]).toContain("not a JSON object");
    }
  });

  test("a host that keeps stdin open after its object: the hook replies at once, not at its deadline", async () => {
    const s = claudeSession();
    const proc = Bun.spawn(["bun", ENTRY], { stdin: "pipe", stdout: "pipe", env: process.env });
    proc.stdin.write(JSON.stringify(s.input("SessionStart", { source: "startup" })));
    await proc.stdin.flush();
    const out = await new Response(proc.stdout).text();
    expect(await proc.exited).toBe(0);
    // waiting for the end of input, the hook would meet its deadline (8 s) and end with nothing on stdout
    expect(out).toContain("<agent-hud>");
    proc.stdin.end();
  }, 15_000);

  test("an object that arrives in pieces, the first ending in a brace, is read whole", async () => {
    const s = claudeSession();
    const text = JSON.stringify(s.input("SessionStart", { source: "startup", extra: { a: 1 } }));
    const cut = text.indexOf("}") + 1;
    const proc = Bun.spawn(["bun", ENTRY], { stdin: "pipe", stdout: "pipe", env: process.env });
    proc.stdin.write(text.slice(0, cut));
    await proc.stdin.flush();
    // the rest only once the hook has read the first piece: nothing else is waiting on its stdin by then
    await Bun.sleep(300);
    proc.stdin.write(text.slice(cut));
    proc.stdin.end();
    const out = await new Response(proc.stdout).text();
    expect(await proc.exited).toBe(0);
    expect(out).toContain("<agent-hud>");
  });

  test("PreCompact prints plain text for the summary instructions", () => {
    const s = claudeSession();
    runHook(JSON.stringify(s.input("SessionStart", { source: "startup" })));
    const { code, out } = runHook(JSON.stringify(s.input("PreCompact", { trigger: "manual" })));
    expect(code).toBe(0);
    expect(out.startsWith("## Your HUD (durable working state)")).toBe(true);
  });
});
