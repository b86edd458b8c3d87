/**
 * Reads a host binary whole before a file starts it, when no file started it lately. The machines this suite
 * runs on page out file pages nobody touched for about a minute (a DAMON `pageout` scheme on file pages), and
 * a binary whose pages went out is read back by page faults, a few pages at a time: a cold `opencode
 * --version` took 7.0 s instead of 0.9 s, and the oldest versions' files, which run last, waited up to 20 s
 * with the CPU idle. One sequential read (`cat`, about 0.1 s for 140 MB) brings the pages back first.
 */
import { realpathSync } from "node:fs";

/** A binary started within this long still has its start-up pages in memory. */
const FRESH_MS = 30_000;

export class BinaryWarmer {
  private readonly lastStart = new Map<string, number>();

  /** Resolves once every binary in `paths` (symbolic links followed) is read whole or was started lately. */
  async before(paths: string[]): Promise<void> {
    const now = Date.now();
    const stale: string[] = [];
    for (const path of new Set(paths.map(real))) {
      if (now - (this.lastStart.get(path) ?? -Infinity) > FRESH_MS) stale.push(path);
      this.lastStart.set(path, now);
    }
    await Promise.all(stale.map(readWhole));
  }
}

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** Best effort: a binary that cannot be read is the file's to report, with its own error. */
async function readWhole(path: string): Promise<void> {
  await Bun.spawn(["cat", path], { stdout: "ignore", stderr: "ignore" }).exited;
}
