import { readFileSync } from "node:fs";

/**
 * A process named so that a reused pid never matches: `pid@starttime` from /proc (Linux), or the bare pid
 * where there is no /proc. Hooks and the MCP server find each other through the host process (Claude Code, Gemini CLI) they
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

/** How far up a hook looks for its host process: the launcher and a shell or two may sit between. */
const OWNER_DEPTH = 4;

/** The processes a hook may run under, nearest first: a nearer host (one started by a tool) wins. */
export function hookOwners(): number[] {
  const owners: number[] = [];
  for (let pid: number | undefined = process.ppid; pid && pid > 1 && owners.length < OWNER_DEPTH; pid = parentOf(pid))
    owners.push(pid);
  return owners;
}
