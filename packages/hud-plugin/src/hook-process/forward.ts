import type { Socket } from "bun";
import { hookOwners, processKey } from "./process-key.ts";
import { socketPath, trustedSocket } from "./socket-path.ts";

/** What the session's MCP server answered: the reply, nothing to add, or a failure it met. */
export type Forwarded<R> = { reply?: R | null; error?: string; skip?: boolean };

/** A forwarded hook waits this long for the server; past it the hook gives up (never runs twice). */
const ANSWER_MS = 5_000;

/**
 * Hands the hook to the session's long-lived MCP server, which has the runtime open, so the hook process
 * loads nothing else. Undefined when no server listens for this host process: the caller runs the
 * hook in-process.
 */
export async function forward<R>(raw: string, hostDir: string): Promise<Forwarded<R> | undefined> {
  for (const pid of hookOwners()) {
    const path = socketPath(hostDir, processKey(pid));
    // a socket another user could have put there is never asked: the hook runs in-process instead
    if (!path || !trustedSocket(path)) continue;
    const answer = await ask<R>(path, raw);
    // a server of another project under the same host process: this hook is not its to run
    if (answer !== undefined && !answer.skip) return answer;
  }
  return undefined;
}

async function ask<R>(path: string, raw: string): Promise<Forwarded<R> | undefined> {
  return new Promise((resolve) => {
    const decoder = new TextDecoder();
    let text = "";
    let sent = false;
    let settled = false;
    let socket: Socket | undefined;
    const done = (value: Forwarded<R> | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket?.terminate();
      resolve(value);
    };
    const timer = setTimeout(() => done({ error: "the hud MCP server did not answer the hook in time" }), ANSWER_MS);
    // a server that failed mid-answer: give up (the hook never runs twice)
    const closed = () => done({ error: "the hud MCP server closed the connection" });
    let unsent = new TextEncoder().encode(`${raw.replace(/\n/g, " ")}\n`);
    const write = (to: Socket) => {
      const written = to.write(unsent);
      if (written > 0) unsent = unsent.subarray(written);
    };
    Bun.connect({
      unix: path,
      socket: {
        open(to) {
          socket = to;
          sent = true;
          write(to);
        },
        drain: (to) => write(to),
        data(_, chunk) {
          text += decoder.decode(chunk, { stream: true });
          const end = text.indexOf("\n");
          if (end < 0) return;
          try {
            done(JSON.parse(text.slice(0, end)) as Forwarded<R>);
          } catch {
            done({ error: "the hud MCP server's answer was not JSON" });
          }
        },
        close: closed,
        error: closed,
      },
    }).catch(() =>
      // a stale socket file (the server is gone): the hook runs in-process
      done(sent ? { error: "the hud MCP server closed the connection" } : undefined),
    );
  });
}
