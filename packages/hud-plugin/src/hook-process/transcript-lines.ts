// Every host writes its session as JSONL that grows while the hooks run: each hook reads only what was
// written since the previous one, from the byte offset the session's state keeps.
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";

export type LinesRead = {
  /** The whole lines read (each with its newline); empty when none is complete yet. */
  text: string;
  /** Where the next read starts: the end of the last whole line read. */
  offset: number;
};

export type LinesOptions = {
  /**
   * At most this much is read per hook; a longer backlog is read over the next hooks. A line longer than this
   * (a tool's output of 50 MB) is skipped once its end is written, or the reader would stop at it for good.
   */
  maxRead?: number;
};

/** Bytes scanned per read while looking for the end of a line longer than `maxRead`. */
const SCAN_CHUNK = 1024 * 1024;

/**
 * The whole lines after `offset`; a file shorter than `offset` was rewritten and is read from the start. Only a
 * regular file is read: a named pipe put where a session file is expected (the agent's shell can make one) opens
 * without waiting for a writer and reads as nothing, so no hook hangs on it.
 */
export function readLines(path: string, offset: number, options: LinesOptions = {}): LinesRead {
  const maxRead = options.maxRead ?? 4 * 1024 * 1024;
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { text: "", offset };
    const size = stat.size;
    const start = size < offset ? 0 : offset;
    const length = Math.min(size - start, maxRead);
    if (length <= 0) return { text: "", offset: start };
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, start);
    const end = buffer.lastIndexOf(0x0a);
    if (end < 0)
      return {
        text: "",
        offset: length === maxRead ? pastLine(fd, start + length, size, maxRead) : start,
      };
    return { text: buffer.subarray(0, end + 1).toString("utf8"), offset: start + end + 1 };
  } finally {
    closeSync(fd);
  }
}

/** Where the line running through `from` ends (after its newline), or where it began while it is unfinished. */
function pastLine(fd: number, from: number, size: number, maxRead: number): number {
  const chunk = Buffer.alloc(SCAN_CHUNK);
  for (let at = from; at < size; at += SCAN_CHUNK) {
    const got = readSync(fd, chunk, 0, Math.min(SCAN_CHUNK, size - at), at);
    const end = chunk.subarray(0, got).indexOf(0x0a);
    if (end >= 0) return at + end + 1;
  }
  return from - maxRead;
}
