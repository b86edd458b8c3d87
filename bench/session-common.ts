// The session bench's shared script and targets; reading a process's memory and CPU time from /proc, and the small statistics the session bench prints.
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc/<pid>/stat's times (`getconf CLK_TCK`; 100 on every Linux we run). */
const CLK_TCK = Number(Bun.spawnSync(["getconf", "CLK_TCK"]).stdout.toString().trim()) || 100;

export type ProcStats = {
  /** resident now (VmRSS) and at its peak since start (VmHWM), bytes */
  rss: number;
  peak: number;
  /** user + system time of the process and of its children it has waited for, ms */
  cpuMs: number;
};

export function procStats(pid: number): ProcStats {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (key: string) => {
    const value = new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1];
    if (value === undefined) throw new Error(`/proc/${pid}/status has no ${key}`);
    return Number(value) * 1024;
  };
  // the command name (field 2) may hold spaces: the fields after it start past its closing parenthesis
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime, stime, cutime, cstime are fields 14-17 of the line, 11-14 here (this slice starts at field 3)
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  return { rss: kib("VmRSS"), peak: kib("VmHWM"), cpuMs: (ticks * 1000) / CLK_TCK };
}

/** Resident bytes the process alone holds (anonymous: heaps, JIT code, caches) and file pages it shares (the runtime's binary). */
export function residentSplit(pid: number): { anonymous: number; sharedFile: number } {
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
  const kib = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(rollup)?.[1] ?? 0) * 1024;
  return { anonymous: kib("Anonymous"), sharedFile: kib("Shared_Clean") };
}

/**
 * Resident bytes of the process's descendants now (a sandbox the plugin started, a tool's process): they are
 * not in its own RSS, so they are added up here. A process that exits meanwhile is skipped.
 */
export function descendantsRss(pid: number): number {
  const children = new Map<number, number[]>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
    } catch {
      // gone between the listing and the read
    }
  }
  let total = 0;
  const queue = [...(children.get(pid) ?? [])];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    try {
      total += procStats(next).rss;
    } catch {
      // gone
    }
    queue.push(...(children.get(next) ?? []));
  }
  return total;
}

export const mib = (bytes: number) => bytes / 2 ** 20;

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

export const met = (ok: boolean, over: string) => (ok ? "met" : `NOT met: ${over}`);

export const RSS_TARGET_MIB = 25;
export const CPU_TARGET = 1.1;
/** LLM calls per session: 59 tool steps and the final answer. */
export const CALLS = 60;
/** The full density's default budget (hud-components' defaultBudgets.full): the HUD must pass a quarter of it. */
export const FULL_BUDGET = 800;

/** The agent's `hud` calls at step i: a task first, then a note every third step and a step otherwise. */
export function hudCallsAt(i: number): Array<{ tool: string; args: Record<string, unknown> }> {
  if (i === 0) return [{ tool: "task.set", args: { description: "stream the exporter's rows in chunks" } }];
  if (i % 3 === 0)
    return [{ tool: "notes.add", args: { content: `fact ${i}: the exporter flushes every ${i * 64} rows` } }];
  const calls = [{ tool: "steps.add", args: { description: `write part ${i} of the exporter` } }];
  return i % 4 === 0 ? [...calls, { tool: "steps.complete", args: { id: `s${i / 4}` } }] : calls;
}

/** What opencode hands a plugin's `server`, over `directory`, with `client` standing in for its SDK client. */
export function pluginInput(client: object, directory: string): Record<string, unknown> {
  return { client, project: {}, directory, worktree: directory, serverUrl: new URL("http://127.0.0.1:1") };
}
