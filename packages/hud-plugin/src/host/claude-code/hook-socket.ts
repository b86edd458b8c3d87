import type { Server } from "node:net";
import { listenSocket } from "../../append-only/hook-socket.ts";
import { errorLine } from "../../log/index.ts";
import type { HookDeps } from "../../runtime/hook-deps.ts";
import { directoryOf, runHook, type HookInput } from "./handle.ts";
import { gitRoot } from "../../append-only/git-root.ts";
import { processKey } from "../../append-only/process-key.ts";
import { socketFolder, socketPath } from "./socket-path.ts";

/**
 * The MCP server's side of hook forwarding: a unix socket (owner-only folder and file) named after the
 * Claude Code process that started the server. Hooks of another project are refused (`skip`), and the
 * hook then runs in-process. Hooks are run one at a time, in the order they arrive.
 */
export function serveHooks(
  deps: HookDeps,
  worktree: string,
  onSession: (sessionID: string) => void,
): { server: Server; path: string; ready: Promise<void> } | undefined {
  const path = socketPath(processKey(process.ppid));
  if (!path) return undefined;
  return listenSocket(socketFolder(), path, (line) => answer(deps, worktree, line, onSession));
}

async function answer(deps: HookDeps, worktree: string, line: string, onSession: (id: string) => void) {
  try {
    const input = JSON.parse(line) as HookInput;
    if (gitRoot(directoryOf(input)) !== worktree) return { skip: true };
    if (typeof input.session_id === "string") onSession(input.session_id);
    return { reply: (await runHook(deps, input, process.env)) ?? null };
  } catch (error) {
    return { error: errorLine(error) };
  }
}
