import { chmodSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { errorLine } from "../log/index.ts";
import { afterWork } from "./lean-heap.ts";
import { privateFolder } from "../store/private-files.ts";
import { processKey } from "./process-key.ts";
import { claimSocketFolder, socketFolder, socketPath } from "./socket-path.ts";

/**
 * What the server does with one forwarded hook (its stdin JSON): the reply, or `skip` when the hook is not
 * this server's to run (another project under the same host process), and the hook then runs in-process.
 */
export type HookAnswer<R> = (input: Record<string, unknown>) => Promise<{ reply?: R | null; skip?: boolean }>;

/**
 * The MCP server's side of hook forwarding: a unix socket (owner-only folder and file) in the host's data
 * folder, named after the host process that started the server; none when that folder is not the user's
 * alone. Hooks are run one at a time, in the order they arrive; a failure is answered as one line, never thrown.
 */
export function serveHooks<R>(
  hostDir: string,
  run: HookAnswer<R>,
): { server: Server; path: string; ready: Promise<void> } | undefined {
  const path = socketPath(hostDir, processKey(process.ppid));
  if (!path) return undefined;
  privateFolder(socketFolder(hostDir));
  // a folder others can reach into: no socket there, the hooks run in-process
  if (!claimSocketFolder(socketFolder(hostDir))) return undefined;
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
        socket.end(`${JSON.stringify(await answer(run, line))}\n`);
        afterWork();
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

async function answer<R>(run: HookAnswer<R>, line: string) {
  try {
    return await run(JSON.parse(line) as Record<string, unknown>);
  } catch (error) {
    return { error: errorLine(error) };
  }
}

/**
 * The MCP server runs until the host closes it (its stdin ends, or SIGTERM): then the hook socket goes,
 * `dispose` closes what the server opened, and the process exits.
 */
export function stopOnClose(
  hooks: ReturnType<typeof serveHooks<unknown>>,
  dispose: () => void,
  input: NodeJS.ReadableStream = process.stdin,
): void {
  const stop = () => {
    hooks?.server.close();
    if (hooks) rmSync(hooks.path, { force: true });
    dispose();
    process.exit(0);
  };
  input.on("end", stop);
  process.on("SIGTERM", stop);
}
