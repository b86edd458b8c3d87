import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hostDir, hostLogLine } from "../../hook-process/host-log.ts";
import { hookOwners, processKey } from "../../hook-process/process-key.ts";
// the id check alone: the store's barrel would bring the store, the board and TypeBox into every Codex hook
import { isSessionID } from "../../store/validate.ts";
import { privateFolder } from "../../store/private-files.ts";

/** The Codex adapter's folder in the data folder: session files, links, the hook log. */
export const FOLDER = "codex";

/**
 * Codex starts the plugin's MCP server with no session or project in its environment, so the server learns
 * both from the hooks: a hook forwarded to it names them, and a hook that ran in-process (no server listened
 * yet) records them here under the Codex process it runs for, which the server, a direct child of that
 * process, reads on a call. Kept in the default data folder, found from the environment alone, since the
 * server knows no project (and so no project configuration) before it reads the link. A pid is paired with
 * its start time, so a reused pid never matches.
 */
export type Link = { session: string; directory: string };

/** The adapter's folder in the default data folder: links, the hook sockets, the hook log. */
export const hostFolder = (): string => hostDir(FOLDER);

const linksDir = () => join(hostFolder(), "links");
const linkPath = (key: string) => join(linksDir(), key.replace(/[^0-9@]/g, ""));

export function writeLink(link: Link): void {
  privateFolder(linksDir());
  const text = JSON.stringify(link);
  for (const pid of hookOwners()) {
    const path = linkPath(processKey(pid));
    if (readOr(path) === text) continue;
    writeFileSync(`${path}.${process.pid}.tmp`, text, { mode: 0o600 });
    renameSync(`${path}.${process.pid}.tmp`, path);
  }
}

/** From the MCP server: the session and project of the latest hook its Codex process ran. */
export function readLink(owner: number = process.ppid): Link | undefined {
  try {
    const parsed = JSON.parse(readFileSync(linkPath(processKey(owner)), "utf8")) as Partial<Link>;
    if (isSessionID(parsed.session) && typeof parsed.directory === "string" && parsed.directory)
      return { session: parsed.session, directory: parsed.directory };
  } catch {
    // no hook has run for this process yet
  }
  return undefined;
}

/** A purge: the links naming one of these sessions go (each holds its project's folder too). */
export function forgetLinks(sessionIDs: readonly string[]): void {
  const gone = new Set(sessionIDs);
  let names: string[];
  try {
    names = readdirSync(linksDir());
  } catch {
    return;
  }
  for (const name of names) {
    const path = join(linksDir(), name);
    try {
      const link = JSON.parse(readFileSync(path, "utf8")) as Partial<Link>;
      if (typeof link.session === "string" && gone.has(link.session)) rmSync(path, { force: true });
    } catch {
      // a link being replaced, or not one of ours: left as it is
    }
  }
}

function readOr(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

/** One line per failure, in `codex/hook.log`: a hook's stderr is not shown to the person. */
export const logLine = (line: string): void => hostLogLine(FOLDER, line);
