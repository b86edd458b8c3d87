import { readFileSync } from "node:fs";

/**
 * A process named so that a reused pid never matches: `pid@starttime` from /proc (Linux), or the bare pid
 * where there is no /proc. Hooks and the MCP server find each other through the Claude Code process they
 * both run under: the server is its direct child, a hook its child or grandchild (through a shell).
 */
export function processKey(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return `${pid}@${fields[19]}`;
  } catch {
    return String(pid);
  }
}

export function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    return ppid > 1 ? ppid : undefined;
  } catch {
    return undefined;
  }
}

/** The Claude Code process a hook may run under: its parent, then its grandparent. */
export function hookOwners(): number[] {
  return [process.ppid, parentOf(process.ppid)].filter((p): p is number => !!p && p > 1);
}
