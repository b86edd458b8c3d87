import { readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { randomHex } from "../../store/validate.ts";

/**
 * What binds `hud_mod` to agent-hud's mod: a random secret each `hud` server writes owner-only into the data
 * folder. The mod reads it through `$.fs` and sends it with every call; an MCP client that only speaks the
 * protocol (whatever version it claims) holds nothing of it and is refused before anything is read or stored.
 */
export type ModKey = { path: string; secret: string };

const KEY_FILE = /^agent-hud-mod-(\d+)\.key$/;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user holds the pid, so the file is not this user's server's
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** Writes this server's key (0600, never over an existing file); the keys of servers that died go first. */
export function writeModKey(dataDir: string): ModKey {
  try {
    for (const name of readdirSync(dataDir)) {
      const pid = KEY_FILE.exec(name)?.[1];
      if (pid && Number(pid) !== process.pid && !alive(Number(pid))) rmSync(join(dataDir, name), { force: true });
    }
  } catch {
    // a folder that cannot be listed keeps its old files; this server's own key is written below or not at all
  }
  const path = join(dataDir, `agent-hud-mod-${process.pid}.key`);
  const secret = randomHex(32);
  rmSync(path, { force: true });
  writeFileSync(path, secret, { mode: 0o600, flag: "wx" });
  return { path, secret };
}

export function dropModKey(key: ModKey): void {
  rmSync(key.path, { force: true });
}

/** Whether a call carries the server's key (compared in constant time; web crypto's, as node:crypto loads more). */
export function holdsKey(key: ModKey | undefined, given: unknown): boolean {
  if (!key || typeof given !== "string") return false;
  const a = Buffer.from(given.trim());
  const b = Buffer.from(key.secret);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
