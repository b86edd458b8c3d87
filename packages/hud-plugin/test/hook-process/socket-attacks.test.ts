// A reviewer's attacks on the hook socket, by name: another local user who can write the socket's folder (or
// one above it), or who planted a socket of their own where the hook looks, must get no hook and answer none.
import { afterEach, describe, expect, test } from "bun:test";
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import "../helpers/hermetic-env.ts";
import { forward } from "../../src/hook-process/forward.ts";
import { serveHooks } from "../../src/hook-process/hook-socket.ts";
import { processKey } from "../../src/hook-process/process-key.ts";
import { socketFolder, socketPath } from "../../src/hook-process/socket-path.ts";

const servers: { close(): void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

const freshHostDir = () => {
  // short: a unix socket path must stay under about 100 bytes
  const root = mkdtempSync(join(tmpdir(), "s-"));
  return { root, host: join(root, "h") };
};
const answering = (hostDir: string) => {
  const served = serveHooks(hostDir, async () => ({ reply: { ok: true } }));
  if (served) servers.push(served);
  return served;
};

/** A listener that records whether any hook reached it: the attacker's socket. */
async function plant(path: string): Promise<{ asked: () => boolean }> {
  let asked = false;
  const server = createServer((socket) => {
    asked = true;
    socket.end(`${JSON.stringify({ reply: { hijacked: true } })}\n`);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(path, resolve));
  return { asked: () => asked };
}

describe("the hook socket's folder", () => {
  test("socket folder hijack attack: a parent folder others can write (no sticky bit) gets no socket; hooks run in-process", async () => {
    const { root, host } = freshHostDir();
    mkdirSync(host, { recursive: true });
    chmodSync(host, 0o777);
    expect(answering(host)).toBeUndefined();
    chmodSync(host, 0o755);
    expect(answering(host)).toBeDefined();
    expect(await forward(JSON.stringify({ hello: 1 }), host)).toEqual({ reply: { ok: true } });
    rmSync(root, { recursive: true, force: true });
  });

  test("socket folder hijack attack: a socket folder opened to others after the server started is not asked", async () => {
    const { root, host } = freshHostDir();
    expect(answering(host)).toBeDefined();
    chmodSync(socketFolder(host), 0o777);
    expect(await forward(JSON.stringify({ hello: 1 }), host)).toBeUndefined();
    // the server's own folder, left open by an older version, is closed again when the next server starts
    expect(answering(host)).toBeDefined();
    expect(await forward(JSON.stringify({ hello: 1 }), host)).toEqual({ reply: { ok: true } });
    rmSync(root, { recursive: true, force: true });
  });

  test.if(process.getuid?.() === 0)(
    "planted socket attack (as root only: chown needs it): another user's socket or socket folder is never asked",
    async () => {
      const { root, host } = freshHostDir();
      const folder = socketFolder(host);
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      const path = socketPath(host, processKey(process.ppid))!;
      const planted = await plant(path);
      chownSync(path, 65534, 65534);
      expect(await forward(JSON.stringify({ hello: 1 }), host)).toBeUndefined();
      expect(planted.asked()).toBe(false);
      // a folder another user owns: the server makes no socket there
      rmSync(path);
      writeFileSync(join(folder, "theirs"), "");
      chownSync(folder, 65534, 65534);
      expect(answering(host)).toBeUndefined();
      rmSync(root, { recursive: true, force: true });
    },
  );
});
