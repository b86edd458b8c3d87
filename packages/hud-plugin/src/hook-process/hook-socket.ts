import { chmodSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { errorLine } from "../log/index.ts";
import type { HookDeps } from "../runtime/hook-deps.ts";
import { privateFolder } from "../store/private-files.ts";
import { directoryOf, runHook, type HookInput } from "../host/claude-code/handle.ts";
import { gitRoot } from "./git-root.ts";
import { processKey } from "./process-key.ts";
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
  privateFolder(socketFolder());
  rmSync(path, { force: true });
  let queue = Promise.resolve();
  const server = createServer((socket) => {
    let text = "";
    socket.on("data", (chunk) => {
      text += chunk.toString("utf8");
      const end = text.indexOf("\n");
      if (end < 0) return;
      const line = text.slice(0, end);
      text = "";
      queue = queue.then(async () => {
        socket.end(`${JSON.stringify(await answer(deps, worktree, line, onSession))}\n`);
      });
    });
    socket.on("error", () => socket.destroy());
  });
  // the socket is created owner-only (the server process makes no other files that others may read)
  process.umask(0o077);
  const ready = new Promise<void>((resolve) =>
    server.listen(path, () => {
      chmodSync(path, 0o600);
      resolve();
    }),
  );
  server.unref();
  return { server, path, ready };
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
