import { chmodSync, lstatSync } from "node:fs";
import { dirname, join } from "node:path";

/** Unix socket paths are limited to about 104 bytes; a longer one is not used (hooks run in-process). */
const MAX_SOCKET_PATH = 100;

/** The sockets of one host's adapter, in its own data folder (`<host folder>/sock`). */
export const socketFolder = (hostDir: string) => join(hostDir, "sock");

/** Where the MCP server of the host process `ownerKey` takes forwarded hooks. */
export function socketPath(hostDir: string, ownerKey: string): string | undefined {
  const path = join(socketFolder(hostDir), ownerKey.replace(/[^0-9@]/g, ""));
  return path.length <= MAX_SOCKET_PATH ? path : undefined;
}

const mine = (uid: number) => process.getuid === undefined || uid === process.getuid();

/**
 * Whether the socket folder is this user's alone, up to the root: another user who can write the folder or
 * any folder above it (a data folder under a shared XDG_DATA_HOME) could put a socket of their own in its
 * place and answer the hooks (rewrite every model request), or take the hooks' input. A folder above may be
 * root's, or writable by all with the sticky bit (/tmp), which keeps others from renaming what is not theirs.
 */
export function privateSocketFolder(folder: string): boolean {
  const st = lstatSync(folder, { throwIfNoEntry: false });
  if (!st?.isDirectory() || !mine(st.uid) || (st.mode & 0o077) !== 0) return false;
  for (let at = dirname(folder); ; at = dirname(at)) {
    const up = lstatSync(at, { throwIfNoEntry: false });
    if (!up || (!mine(up.uid) && up.uid !== 0)) return false;
    if (up.mode & 0o022 && !(up.mode & 0o1000)) return false;
    if (dirname(at) === at) return true;
  }
}

/** The server's side: a folder of its own left open to others by an older version is closed first. */
export function claimSocketFolder(folder: string): boolean {
  const st = lstatSync(folder, { throwIfNoEntry: false });
  if (st?.isDirectory() && mine(st.uid) && st.mode & 0o077) chmodSync(folder, 0o700);
  return privateSocketFolder(folder);
}

/** A socket file the hook may talk to: this user's, in a folder that is theirs alone. */
export function trustedSocket(path: string): boolean {
  const st = lstatSync(path, { throwIfNoEntry: false });
  return st !== undefined && st.isSocket() && mine(st.uid) && privateSocketFolder(dirname(path));
}
