import { afterAll } from "bun:test";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import "../../helpers/hermetic-env.ts";
import { createLogger } from "../../../src/log/index.ts";
import { openHud } from "../../../src/runtime/open.ts";

/** A git project, a Gemini CLI session file holding its first line, and the runtime opened on the project. */
export function geminiProject(prefix: string) {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const project = join(root, "project");
  mkdirSync(join(project, ".git"), { recursive: true });
  const transcript = join(root, "session.jsonl");
  writeFileSync(transcript, `${JSON.stringify({ sessionId: "s", kind: "main" })}\n`);
  const opened = openHud({ directory: project, worktree: project, log: createLogger(undefined, () => {}) })!;
  afterAll(() => opened.dispose());
  return { root, project, transcript, sessionID: crypto.randomUUID(), opened };
}
