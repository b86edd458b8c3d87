// What a running opencode holds open, read from /proc: how a test tells that the plugin has closed its store.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/** A process as /proc shows it: its start time tells it from a later process given the same pid. */
export type Proc = { pid: number; ppid: number; start: string; zombie: boolean };

export function readProc(pid: number): Proc | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    // the process ended, or never was
    return undefined;
  }
  // the command name (field 2) is in parentheses and may hold spaces and parentheses itself
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // fields[0] is field 3 (the state), [1] field 4 (the parent), [19] field 22 (the start time)
  return { pid, ppid: Number(fields[1]), start: fields[19]!, zombie: fields[0] === "Z" };
}

/** Every process running now (those that end while the table is read are left out). */
export function allProcs(): Proc[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => readProc(Number(name)) ?? []);
}

/** The server's process and every descendant (the npm launcher may run the platform binary as a child). */
export function processTree(root: number): number[] {
  const procs = allProcs();
  const tree = [root];
  for (let i = 0; i < tree.length; i++)
    for (const { pid, ppid } of procs) if (ppid === tree[i] && !tree.includes(pid)) tree.push(pid);
  return tree;
}

/** How many open descriptors of `pids` name a file whose path ends in `suffix`. */
export function openHandles(pids: number[], suffix: string): number {
  let count = 0;
  for (const pid of pids) {
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`).endsWith(suffix)) count++;
      } catch {
        // the descriptor closed while it was read
      }
    }
  }
  return count;
}
