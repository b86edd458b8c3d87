import { join } from "node:path";
import { usableSocketPath } from "../../append-only/hook-forward.ts";
import { logDir } from "./hook-log.ts";

export const socketFolder = () => join(logDir(), "sock");

/** Where the MCP server of the Claude Code process `ownerKey` takes forwarded hooks. */
export function socketPath(ownerKey: string): string | undefined {
  return usableSocketPath(join(socketFolder(), ownerKey.replace(/[^0-9@]/g, "")));
}
