/**
 * A hook forwarded to the session's long-lived MCP server over a unix socket (owner-only folder and file):
 * the server has the runtime open, so the hook process loads nothing else, and the server runs the hooks
 * one at a time, in the order they arrive: the one writer of the session's record. One line each way.
 */

/** What the server answered: the reply, nothing to add (`null`), a failure it met, or not its hook. */
export type Forwarded<R> = { reply?: R | null; error?: string; skip?: boolean };

/** A forwarded hook waits this long for the server; past it the hook gives up (never runs twice). */
const ANSWER_MS = 5_000;

/** Unix socket paths are limited to about 104 bytes; a longer one is not used (hooks run in-process). */
const MAX_SOCKET_PATH = 100;

export const usableSocketPath = (path: string): string | undefined =>
  path.length <= MAX_SOCKET_PATH ? path : undefined;

/** Undefined when nothing listens at `path` (a stale file, the server gone): the caller runs the hook itself. */
export async function askSocket<R>(path: string, raw: string): Promise<Forwarded<R> | undefined> {
  // loaded only when a server's socket is there: a session's first hook runs in-process without it
  const { connect } = await import("node:net");
  return new Promise((resolve) => {
    let text = "";
    let sent = false;
    const socket = connect(path);
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ error: "the hud MCP server did not answer the hook in time" });
    }, ANSWER_MS);
    const done = (value: Forwarded<R> | undefined) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(value);
    };
    socket.on("connect", () => {
      sent = true;
      socket.write(`${raw.replace(/\n/g, " ")}\n`);
    });
    socket.on("data", (chunk) => {
      text += chunk.toString("utf8");
      const end = text.indexOf("\n");
      if (end < 0) return;
      try {
        done(JSON.parse(text.slice(0, end)) as Forwarded<R>);
      } catch {
        done({ error: "the hud MCP server's answer was not JSON" });
      }
    });
    // a stale socket file (the server is gone): run in-process; a server that failed mid-answer: give up
    socket.on("error", () => done(sent ? { error: "the hud MCP server closed the connection" } : undefined));
    socket.on("close", () => done(sent ? { error: "the hud MCP server closed the connection" } : undefined));
  });
}
