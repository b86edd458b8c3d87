// What a running opencode holds open, read from /proc: how a test tells that the plugin has closed its store.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/** The server's process and every descendant (the npm launcher may run the platform binary as a child). */
export function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // the process ended while the table was read
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++)
    for (const [pid, ppid] of parents) if (ppid === tree[i] && !tree.includes(pid)) tree.push(pid);
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
