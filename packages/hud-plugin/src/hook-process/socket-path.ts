import { join } from "node:path";
import { logDir } from "../host/claude-code/hook-log.ts";

/** Unix socket paths are limited to about 104 bytes; a longer one is not used (hooks run in-process). */
const MAX_SOCKET_PATH = 100;

export const socketFolder = () => join(logDir(), "sock");

/** Where the MCP server of the Claude Code process `ownerKey` takes forwarded hooks. */
export function socketPath(ownerKey: string): string | undefined {
  const path = join(socketFolder(), ownerKey.replace(/[^0-9@]/g, ""));
  return path.length <= MAX_SOCKET_PATH ? path : undefined;
}
