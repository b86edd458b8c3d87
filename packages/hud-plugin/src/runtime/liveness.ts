import { hostname } from "node:os";
import { randomHex } from "../store/validate.ts";

/**
 * Whether another session is still being worked on, for the resume hint: a session counts as live while
 * the plugin instance that last touched it is running and it was touched within `IDLE_LIMIT_MS`. Every LLM
 * call touches its session with this instance's holder, `<pid>@<host>#<instance>`.
 */
export const IDLE_LIMIT_MS = 30 * 60_000;

const HOLDER = /^(\d+)@(.*)#([0-9a-f]+)$/;
/** Instances of this process whose hooks are not disposed: a disposed one is as gone as an exited process. */
const running = new Set<string>();

export type Holder = { id: string; release(): void };

export function newHolder(): Holder {
  const instance = randomHex(6);
  running.add(instance);
  return { id: `${process.pid}@${hostname()}#${instance}`, release: () => void running.delete(instance) };
}

/**
 * False only when the holder is known to be gone: a disposed instance of this process, or a process of
 * this machine that no longer exists. Another machine's processes (a shared home folder) cannot be seen,
 * and rows written before holders were recorded have none: for those the idle limit alone decides.
 */
export function holderRunning(holder: string | undefined): boolean {
  const match = holder === undefined ? null : HOLDER.exec(holder);
  if (!match) return true;
  const [, pid, host, instance] = match;
  if (host !== hostname()) return true;
  if (Number(pid) === process.pid) return running.has(instance!);
  try {
    process.kill(Number(pid), 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function isLive(session: { updatedAt: number; holder?: string }, now: number): boolean {
  return now - session.updatedAt < IDLE_LIMIT_MS && holderRunning(session.holder);
}
