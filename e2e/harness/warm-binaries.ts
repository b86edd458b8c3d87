/**
 * Reads a host binary whole before a file starts it, when no file started it lately. The machines this suite
 * runs on page out file pages nobody touched for about a minute (a DAMON `pageout` scheme on file pages), and
 * a binary whose pages went out is read back by page faults, a few pages at a time, from a disk whose speed
 * varies (40 MB/s to 1 GB/s here): a cold `opencode --version` took up to 7.0 s instead of 0.9 s, and the
 * oldest versions' files, which run last, waited up to 20 s with the CPU idle. A start reads most of the
 * binary anyway (opencode's 94%, a Claude Code session's 72%), so one sequential read (`cat`) costs less, and
 * the next file's read runs while the current file does.
 */
import { realpathSync } from "node:fs";

/** A binary started within this long still has its start-up pages in memory. */
export const FRESH_MS = 30_000;

export class BinaryWarmer {
  /** Per binary: when it was last read or started, and the read under way, if any. */
  private readonly seen = new Map<string, { at: number; reading: Promise<void> }>();

  constructor(
    private readonly read: (path: string) => Promise<void> = readWhole,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Resolves once every binary in `paths` (symbolic links followed) is read whole or was started lately;
   * the files about to start them call it. `ahead` starts the same reads without waiting for them, for the
   * next file in the queue, so that its read overlaps the file running now.
   */
  async before(paths: string[]): Promise<void> {
    await Promise.all(this.warm(paths));
  }

  ahead(paths: string[]): void {
    void this.warm(paths);
  }

  private warm(paths: string[]): Promise<void>[] {
    const now = this.now();
    return [...new Set(paths.map(real))].map((path) => {
      const last = this.seen.get(path);
      const reading = last && now - last.at <= FRESH_MS ? last.reading : this.read(path);
      this.seen.set(path, { at: now, reading });
      return reading;
    });
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
