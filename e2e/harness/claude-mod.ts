/**
 * What agent-hud's Claude Code mod shows in a headless run: `-p` stream-json carries each `$.ui.log` line as
 * a `{"type":"system","subtype":"ui_log"}` line. Headless Claude Code seats no pane, so with
 * AGENT_HUD_MOD_DEBUG=1 the mod logs the rows its pane would draw after every turn, and a test reads those.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ClaudeSession } from "./claude.ts";

export const PANE_LOG = "agent-hud pane:\n";

/** The environment that makes the mod log its pane rows. */
export const PANE_DEBUG = { AGENT_HUD_MOD_DEBUG: "1" };

/** Every `$.ui.log` line agent-hud's mod sent so far, oldest first. */
export function modLogs(session: ClaudeSession): string[] {
  return session.lines
    .filter((line) => line.type === "system" && line.subtype === "ui_log" && line["plugin"] === "agent-hud")
    .map((line) => String(line["text"]));
}

/** The pane's rows as the mod logged them, one entry per turn. */
export function paneLogs(session: ClaudeSession): string[] {
  return modLogs(session)
    .filter((text) => text.startsWith(PANE_LOG))
    .map((text) => text.slice(PANE_LOG.length));
}

/** Whether the session's transcript (Claude Code's JSONL under the HOME) holds `needle` yet. */
export function transcriptHas(home: string, sessionId: string, needle: string): boolean {
  const projects = join(home, ".claude", "projects");
  if (!existsSync(projects)) return false;
  return readdirSync(projects, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(`${sessionId}.jsonl`))
    .some((name) => readFileSync(join(projects, name), "utf8").includes(needle));
}
