import { existsSync } from "node:fs";
import { askSocket, type Forwarded as ForwardedTo } from "../../append-only/hook-forward.ts";
import type { HookReply } from "./handle.ts";
import { hookOwners, processKey } from "../../append-only/process-key.ts";
import { socketPath } from "./socket-path.ts";

/** What the session's MCP server answered: the reply, nothing to add, or a failure it met. */
export type Forwarded = ForwardedTo<HookReply>;

/**
 * Hands the hook to the session's long-lived MCP server, which has the runtime open, so the hook process
 * loads nothing else. Undefined when no server listens for this Claude Code process: the caller runs the
 * hook in-process.
 */
export async function forward(raw: string): Promise<Forwarded | undefined> {
  for (const pid of hookOwners()) {
    const path = socketPath(processKey(pid));
    if (!path || !existsSync(path)) continue;
    const answer = await askSocket<HookReply>(path, raw);
    // a server of another project under the same Claude Code process: this hook is not its to run
    if (answer !== undefined && !answer.skip) return answer;
  }
  return undefined;
}
