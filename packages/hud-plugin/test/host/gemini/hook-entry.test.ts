// The hook process as Gemini CLI runs it, with no MCP server listening: it opens the runtime itself and
// prints BeforeModel's request with the HUD; bad input never fails the call (exit 0, no output, one log line).
import { expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import "../../helpers/hermetic-env.ts";
import { hostDir } from "../../../src/hook-process/host-log.ts";

const ENTRY = join(import.meta.dir, "../../../src/host/gemini/hook.ts");

async function runHook(stdin: string) {
  const proc = Bun.spawn(["bun", ENTRY], {
    stdin: new Blob([stdin]),
    stdout: "pipe",
    stderr: "pipe",
    env: process.env,
  });
  const [stdout, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
  return { stdout, code };
}

test("in-process fallback: BeforeModel prints the request with the HUD as one more user content", async () => {
  const project = join(mkdtempSync(join(tmpdir(), "gemini-entry-")), "project");
  mkdirSync(join(project, ".git"), { recursive: true });
  const input = {
    session_id: crypto.randomUUID(),
    cwd: project,
    hook_event_name: "BeforeModel",
    llm_request: { model: "gemini-3.1-pro-preview", messages: [{ role: "user", content: "hello" }] },
  };
  const { stdout, code } = await runHook(JSON.stringify(input));
  expect(code).toBe(0);
  const messages = JSON.parse(stdout).hookSpecificOutput.llm_request.messages as Array<{ content: string }>;
  expect(messages).toHaveLength(2);
  expect(messages[0]!.content).toBe("hello");
  expect(messages[1]!.content).toContain("<agent-hud>");
});

test("input that is not JSON: exit 0, nothing printed, one line in gemini/hook.log", async () => {
  const { stdout, code } = await runHook("not json");
  expect({ code, stdout }).toEqual({ code: 0, stdout: "" });
  const log = join(hostDir("gemini"), "hook.log");
  expect(existsSync(log)).toBe(true);
  expect(readFileSync(log, "utf8")).toContain("hook failed:");
});
