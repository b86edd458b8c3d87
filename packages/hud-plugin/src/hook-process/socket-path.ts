import { join } from "node:path";

/** Unix socket paths are limited to about 104 bytes; a longer one is not used (hooks run in-process). */
const MAX_SOCKET_PATH = 100;

/** The sockets of one host's adapter, in its own data folder (`<host folder>/sock`). */
export const socketFolder = (hostDir: string) => join(hostDir, "sock");

/** Where the MCP server of the host process `ownerKey` takes forwarded hooks. */
export function socketPath(hostDir: string, ownerKey: string): string | undefined {
  const path = join(socketFolder(hostDir), ownerKey.replace(/[^0-9@]/g, ""));
  return path.length <= MAX_SOCKET_PATH ? path : undefined;
}
