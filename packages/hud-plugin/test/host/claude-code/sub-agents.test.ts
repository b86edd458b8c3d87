// Sub-agents' copies of the HUD are remembered per session, up to 16: each one seen gets updates
// against its own copy, and only past that bound is the oldest forgotten (its next batch is a full copy).
import { expect, test } from "bun:test";
import { createLogger } from "../../../src/log/index.ts";
import { handleHook } from "../../../src/host/claude-code/handle.ts";
import { openHud } from "../../../src/runtime/open.ts";
import { hudTool } from "../../../src/tools/hud.ts";
import { claudeSession } from "./fixture.ts";

const log = createLogger(undefined, () => {});

test("16 sub-agents each keep their copy; a 17th makes the oldest one's next batch a full copy", async () => {
  const s = claudeSession();
  await handleHook(s.input("SessionStart", { source: "startup" }), log);
  const start = (agent: string) =>
    handleHook(s.input("SubagentStart", { agent_id: agent, agent_type: "Explore" }), log);
  const batch = (agent: string) => handleHook(s.input("PostToolBatch", { agent_id: agent }), log);
  const note = async (content: string) => {
    const opened = openHud({ directory: s.project, worktree: s.project, log })!;
    try {
      await hudTool(opened.deps).execute({ tool: "notes.add", args: { content } }, { sessionID: s.sessionID });
    } finally {
      opened.dispose();
    }
  };
  for (let i = 1; i <= 16; i++) expect((await start(`agent-${i}`))?.text).toContain("sub-agent");
  await note("the parser keeps its own buffer");
  // the first and the last of the 16 both get an update against their own copy
  for (const agent of ["agent-1", "agent-16"]) {
    const text = (await batch(agent))?.text;
    expect(text).toContain("HUD update:");
    expect(text).toContain("the parser keeps its own buffer");
    expect(text).not.toContain("<agent-hud>");
  }
  // a 17th: the one used least recently (agent-2 now) is forgotten, and is given a full copy again
  await start("agent-17");
  await note("the lexer is next");
  const kept = (await batch("agent-3"))?.text;
  expect(kept).toContain("HUD update:");
  expect(kept).not.toContain("<agent-hud>");
  const forgotten = (await batch("agent-2"))?.text;
  expect(forgotten).toContain("<agent-hud>");
  expect(forgotten).toContain("sub-agent");
});
