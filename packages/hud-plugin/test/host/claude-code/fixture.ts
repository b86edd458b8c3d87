// A Claude Code session as its hooks see it: a git project, a transcript file the test appends to, and the
// hook input for each event.
import { appendFileSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import "../../helpers/hermetic-env.ts";

export function claudeSession() {
  const root = mkdtempSync(join(tmpdir(), "cc-host-"));
  const project = join(root, "project");
  mkdirSync(join(project, ".git"), { recursive: true });
  const transcript = join(root, "session.jsonl");
  writeFileSync(transcript, "");
  const sessionID = crypto.randomUUID();
  let n = 0;
  const at = () => new Date(Date.UTC(2026, 10, 26, 12, 0, n++)).toISOString();
  return {
    root,
    project,
    transcript,
    sessionID,
    input: (event: string, extra: Record<string, unknown> = {}) => ({
      session_id: sessionID,
      transcript_path: transcript,
      cwd: project,
      hook_event_name: event,
      ...extra,
    }),
    user(content: unknown, extra: Record<string, unknown> = {}) {
      const uuid = crypto.randomUUID();
      appendFileSync(
        transcript,
        `${JSON.stringify({ type: "user", uuid, sessionId: sessionID, timestamp: at(), message: { role: "user", content }, ...extra })}\n`,
      );
      return uuid;
    },
    assistant(content: unknown, usage?: Record<string, number>) {
      const uuid = crypto.randomUUID();
      const message = { role: "assistant", model: "claude-sonnet-4-5", content, ...(usage ? { usage } : {}) };
      appendFileSync(
        transcript,
        `${JSON.stringify({ type: "assistant", uuid, sessionId: sessionID, timestamp: at(), message })}\n`,
      );
      return uuid;
    },
  };
}
