import { chmodSync, rmSync } from "node:fs";
import type { Socket } from "bun";
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

/** A listening hook socket: where it is, and how it stops (the file goes with it). */
export type HookSocket = { path: string; close(): void };

/** One connection: its hook's text so far, then the answer's bytes not yet taken by the socket. */
type Connection = { decoder: TextDecoder; text: string; asked: boolean; unsent?: Uint8Array };

/**
 * The MCP server's side of hook forwarding: a unix socket (owner-only folder and file) in the host's data
 * folder, named after the host process that started the server; none when that folder is not the user's
 * alone or the socket cannot be made. Hooks are run one at a time, in the order they arrive; a failure is
 * answered as one line, never thrown. Bun's own socket API, not node:net: the server then loads none of
 * node's stream modules for it (~2 MiB of a server's resident memory with node:crypto's, measured together).
 */
export function serveHooks<R>(hostDir: string, run: HookAnswer<R>): HookSocket | undefined {
  const path = socketPath(hostDir, processKey(process.ppid));
  if (!path) return undefined;
  privateFolder(socketFolder(hostDir));
  // a folder others can reach into: no socket there, the hooks run in-process
  if (!claimSocketFolder(socketFolder(hostDir))) return undefined;
  rmSync(path, { force: true });
  let queue = Promise.resolve();
  // the socket is created owner-only (the server process makes no other files that others may read)
  process.umask(0o077);
  let listener: ReturnType<typeof Bun.listen<Connection>>;
  try {
    listener = Bun.listen<Connection>({
      unix: path,
      socket: {
        open(socket) {
          socket.data = { decoder: new TextDecoder(), text: "", asked: false };
        },
        data(socket, chunk) {
          const connection = socket.data;
          // one hook a connection: whatever follows its line is not read
          if (connection.asked) return;
          connection.text += connection.decoder.decode(chunk, { stream: true });
          const end = connection.text.indexOf("\n");
          if (end < 0) return;
          const line = connection.text.slice(0, end);
          connection.text = "";
          connection.asked = true;
          queue = queue.then(async () => {
            send(socket, `${JSON.stringify(await answer(run, line))}\n`);
            afterWork();
          });
        },
        drain: (socket) => send(socket),
        error: (socket) => socket.terminate(),
      },
    });
  } catch {
    // a socket that cannot be made (a path in use, a file system without sockets): the hooks run in-process
    return undefined;
  }
  chmodSync(path, 0o600);
  listener.unref();
  return {
    path,
    close() {
      listener.stop(true);
      rmSync(path, { force: true });
    },
  };
}

/** Writes what the socket takes now; `drain` writes the rest, then the connection ends. */
function send(socket: Socket<Connection>, text?: string): void {
  const connection = socket.data;
  const bytes = text === undefined ? connection.unsent : new TextEncoder().encode(text);
  if (!bytes) return;
  const written = socket.write(bytes);
  // -1: the hook process is gone (it gave up waiting); nothing is left to send
  if (written < 0 || written === bytes.length) {
    connection.unsent = undefined;
    socket.end();
  } else connection.unsent = bytes.subarray(written);
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
export function stopOnClose(hooks: HookSocket | undefined, dispose: () => void, ended: Promise<void>): void {
  const stop = () => {
    hooks?.close();
    dispose();
    process.exit(0);
  };
  void ended.then(stop);
  process.on("SIGTERM", stop);
}
