import { chmodSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { privateFolder } from "../store/private-files.ts";

/**
 * The MCP server's side of hook forwarding (`hook-forward.ts` is the hook's): a unix socket, owner-only, on
 * which each line is answered by `answer`, one at a time, in arrival order.
 */
export function listenSocket(
  folder: string,
  path: string,
  answer: (line: string) => Promise<unknown>,
): { server: Server; path: string; ready: Promise<void> } {
  privateFolder(folder);
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
        socket.end(`${JSON.stringify(await answer(line))}\n`);
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
