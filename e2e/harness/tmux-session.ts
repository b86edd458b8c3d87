/**
 * Ends a tmux session and everything running in its pane. `tmux kill-session` only sends the pane a SIGHUP and
 * returns: the host in it (opencode's TUI, Claude Code and the MCP servers it started) then flushes its stores
 * for a while, and a test that removes its project right after finds the folder written again, or has it
 * recreated in the system temp dir once it is gone.
 */
import { allProcs, readProc, type Proc } from "./process-files.ts";

/** How long the pane's processes get to exit after the hangup before what is left is killed. */
const GRACE_MS = 10_000;

/** Adds to `known` every process below one of them (children started since the last look are caught too). */
function addDescendants(known: Map<number, Proc>): void {
  const procs = allProcs();
  const now = new Map(procs.map((proc) => [proc.pid, proc]));
  // a parent counts only while it is the process we knew, not a later one given its pid
  const ours = (pid: number) => known.get(pid)?.start !== undefined && known.get(pid)?.start === now.get(pid)?.start;
  for (let grew = true; grew;) {
    grew = false;
    for (const proc of procs)
      if (!known.has(proc.pid) && ours(proc.ppid)) {
        known.set(proc.pid, proc);
        grew = true;
      }
  }
}

/** Still running: the same process (not a later one with its pid) and no zombie, which writes nothing. */
function alive(proc: Proc): boolean {
  const now = readProc(proc.pid);
  return now !== undefined && now.start === proc.start && !now.zombie;
}

/**
 * Kills the session, then waits (polling) until its pane's process and every descendant, those of the moment
 * and those started while it shuts down, have exited; after `GRACE_MS` it SIGKILLs what is left. The tree is
 * read before the kill: an orphan is adopted by init and can no longer be found from the pane.
 */
export async function killSession(name: string): Promise<void> {
  const pane = Bun.spawnSync(["tmux", "display-message", "-p", "-t", name, "#{pane_pid}"], { stderr: "pipe" });
  const root = pane.exitCode === 0 ? readProc(Number(pane.stdout.toString().trim())) : undefined;
  const tree = new Map<number, Proc>(root ? [[root.pid, root]] : []);
  addDescendants(tree);
  Bun.spawnSync(["tmux", "kill-session", "-t", name], { stderr: "pipe" });
  if (await exited(tree, GRACE_MS)) return;
  for (const proc of [...tree.values()].filter(alive)) {
    try {
      process.kill(proc.pid, "SIGKILL");
    } catch {
      // exited in between
    }
  }
  // a process that outlives SIGKILL is stuck in the kernel: say so rather than wait for it forever
  if (!(await exited(tree, 5_000)))
    throw new Error(
      `tmux session ${name}: processes ${[...tree.values()].filter(alive).map((p) => p.pid)} never exited`,
    );
}

/** Polls until every process of `tree` (and of its children since) has exited; false if some still run after `ms`. */
async function exited(tree: Map<number, Proc>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    addDescendants(tree);
    if (![...tree.values()].some(alive)) return true;
    if (Date.now() > deadline) return false;
    await Bun.sleep(50);
  }
}
