import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isSessionID } from "../../store/index.ts";
import { privateFolder } from "../../store/private-files.ts";
import { claudeCodeDir } from "../../append-only/session-file.ts";
import { hookOwners, processKey } from "../../hook-process/process-key.ts";

/**
 * Which session the `hud` MCP server serves. Claude Code starts the server with the session id of that
 * moment in `CLAUDE_CODE_SESSION_ID`, but `/clear` and a resume move the process to another session while
 * the server lives on. Every hook therefore records its session under the Claude Code process it runs for
 * (its parent, or a few levels up when shells sit between); the server, a direct child of that process,
 * reads the link on each call. A pid is paired with its start time, so a reused pid never matches.
 */

const linkPath = (dataDir: string, key: string) => join(claudeCodeDir(dataDir), "links", key.replace(/[^0-9@]/g, ""));

/** From a hook: the session is the current one of the hook's parent and grandparent. */
export function linkSession(dataDir: string, sessionID: string): void {
  privateFolder(join(claudeCodeDir(dataDir), "links"));
  for (const pid of hookOwners()) {
    const path = linkPath(dataDir, processKey(pid));
    // a rename costs more than a read: most hooks of a session find the link already in place
    if (readOr(path) === sessionID) continue;
    writeFileSync(`${path}.tmp`, sessionID, { mode: 0o600 });
    renameSync(`${path}.tmp`, path);
  }
}

/** From the MCP server: its parent's current session, else the one it was started with. */
export function linkedSession(
  dataDir: string,
  env: Record<string, string | undefined> = process.env,
): string | undefined {
  try {
    const linked = readFileSync(linkPath(dataDir, processKey(process.ppid)), "utf8").trim();
    if (isSessionID(linked)) return linked;
  } catch {
    // no hook has run for this process yet
  }
  const started = env["CLAUDE_CODE_SESSION_ID"];
  return isSessionID(started) ? started : undefined;
}

function readOr(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}
