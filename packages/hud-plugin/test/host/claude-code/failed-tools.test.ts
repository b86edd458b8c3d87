// A tool call that failed in Claude Code (its tool_result carries `is_error`) touched no file: a failed
// Read opened nothing, a failed Edit changed nothing, so neither becomes a file fact of the HUD.
import { expect, test } from "bun:test";
import { createLogger } from "../../../src/log/index.ts";
import { handleHook } from "../../../src/host/claude-code/handle.ts";
import { openHud } from "../../../src/runtime/open.ts";
import { hudTool } from "../../../src/tools/hud.ts";
import { claudeSession } from "./fixture.ts";

const log = createLogger(undefined, () => {});

test("a failed Read or Edit in the transcript is no file fact; the successful call beside them is", async () => {
  const s = claudeSession();
  await handleHook(s.input("SessionStart", { source: "startup" }), log);
  s.user("tidy the config");
  s.assistant([
    { type: "tool_use", id: "toolu_r", name: "Read", input: { file_path: `${s.project}/src/missing.ts` } },
    {
      type: "tool_use",
      id: "toolu_e",
      name: "Edit",
      input: { file_path: `${s.project}/src/refused.ts`, old_string: "a", new_string: "b" },
    },
    { type: "tool_use", id: "toolu_ok", name: "Read", input: { file_path: `${s.project}/src/present.ts` } },
  ]);
  s.user([
    { type: "tool_result", tool_use_id: "toolu_r", is_error: true, content: "File does not exist." },
    { type: "tool_result", tool_use_id: "toolu_e", is_error: true, content: "String to replace not found in file." },
    { type: "tool_result", tool_use_id: "toolu_ok", content: "export const present = 1;" },
  ]);
  const batch = await handleHook(s.input("PostToolBatch"), log);
  expect(batch?.text).toContain("src/present.ts");
  const opened = openHud({ directory: s.project, worktree: s.project, log })!;
  try {
    const snapshot = await hudTool(opened.deps).execute({ tool: "snapshot" }, { sessionID: s.sessionID });
    expect(snapshot).toContain("src/present.ts");
    expect(snapshot).not.toContain("missing.ts");
    expect(snapshot).not.toContain("refused.ts");
  } finally {
    opened.dispose();
  }
});
