import { describe, expect, test } from "bun:test";
import { createLogger } from "../../../src/log/index.ts";
import { handleHook } from "../../../src/host/claude-code/handle.ts";
import { statusLine } from "../../../src/host/claude-code/statusline.ts";
import { openHud } from "../../../src/runtime/open.ts";
import { hudTool } from "../../../src/tools/hud.ts";
import { runCli } from "../../../src/cli/main.ts";
import { claudeSession } from "./fixture.ts";

const log = createLogger(undefined, () => {});

describe("agent-hud statusline", () => {
  test("task · density · usage of the session Claude Code names", async () => {
    const s = claudeSession();
    await handleHook(s.input("SessionStart", { source: "startup" }), log);
    const opened = openHud({ directory: s.project, worktree: s.project, log })!;
    await hudTool(opened.deps).execute(
      { tool: "task.set", args: { description: "trim the bundle" } },
      { sessionID: s.sessionID },
    );
    opened.dispose();
    await handleHook(s.input("UserPromptSubmit"), log);
    const input = JSON.stringify({
      session_id: s.sessionID,
      workspace: { project_dir: s.project, current_dir: s.project },
    });
    expect(statusLine(input, process.env)).toMatch(/^trim the bundle · full · 0% of 180k$/);
    const out: string[] = [];
    const code = await runCli({
      argv: ["statusline"],
      cwd: s.project,
      tty: false,
      out: (t: string) => out.push(t),
      err: () => {},
      stdin: async () => input,
    } as never);
    expect(code).toBe(0);
    expect(out.join("")).toContain("trim the bundle");
  });

  test("a session with no HUD yet, and input that is not JSON, each get one plain line", () => {
    const s = claudeSession();
    expect(statusLine(JSON.stringify({ session_id: s.sessionID, cwd: s.project }), process.env)).toBe(
      "HUD: nothing rendered yet for this session",
    );
    expect(statusLine("not json", process.env)).toBe("HUD: the status line got no session JSON on stdin");
  });
});
