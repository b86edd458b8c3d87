import { closeSync, constants, fstatSync, lstatSync, openSync, readSync } from "node:fs";
import { join, relative, sep } from "node:path";

/**
 * A memory file larger than this is not read: a repository is untrusted input, and a markdown parser's
 * time grows fast with size (measured in the bench's worst cases). A 500-item file is about 32 KB.
 */
export const MAX_MEMORY_BYTES = 64 * 1024;
/** …nor one with more lines than this (a 500-item file has about 520). */
export const MAX_LINES = 1_000;
/** Block quotes or list levels deeper than this are not parsed (a parser's time and stack grow with depth). */
export const MAX_NESTING = 12;

export type MemoryText =
  | { kind: "missing" }
  | { kind: "text"; text: string; stamp: string }
  | { kind: "refused"; reason: string; stamp: string };

/** A file's identity for "did it change": inode, size and modification time. */
export const stampOfStat = (s: { ino: number; size: number; mtimeMs: number }) => `${s.ino}:${s.size}:${s.mtimeMs}`;

/**
 * The file's stamp without following links: a link's own inode, size and time. Undefined when it does
 * not exist; a refused file has a stamp too, so an unchanged refused file is not looked at again.
 */
export function lstampOf(path: string): string | undefined {
  try {
    return stampOfStat(lstatSync(path));
  } catch {
    return undefined;
  }
}

/**
 * Every folder from the worktree down to the file's folder is a real folder inside the worktree (no link
 * anywhere on the way), so neither a read nor a write can leave the checkout. Returns why not, or undefined.
 */
export function outsideWorktree(worktree: string, path: string): string | undefined {
  const rel = relative(worktree, path);
  if (rel.startsWith("..") || rel === "") return "is not inside the worktree";
  const parts = rel.split(sep);
  let at = worktree;
  for (const part of parts.slice(0, -1)) {
    at = join(at, part);
    try {
      const s = lstatSync(at);
      if (s.isSymbolicLink()) return `is under ${relative(worktree, at)}, a symbolic link`;
      if (!s.isDirectory()) return `is under ${relative(worktree, at)}, which is not a folder`;
    } catch {
      return undefined; // a folder not created yet: nothing to follow
    }
  }
  return undefined;
}

/**
 * Reads the memory file as a repository's untrusted input: only a regular file inside the worktree, opened
 * without following links, at most MAX_MEMORY_BYTES, text without NUL bytes, nesting at most MAX_NESTING
 * deep, with a title or a section. Anything else is refused with one line saying why.
 */
export function readMemoryText(worktree: string, path: string): MemoryText {
  let stat;
  try {
    stat = lstatSync(path);
  } catch {
    return { kind: "missing" };
  }
  const stamp = stampOfStat(stat);
  const refuse = (reason: string): MemoryText => ({ kind: "refused", reason, stamp });
  const outside = outsideWorktree(worktree, path);
  if (outside) return refuse(outside);
  if (stat.isSymbolicLink()) return refuse("is a symbolic link; only a regular file in the worktree is read");
  if (!stat.isFile()) return refuse("is not a regular file");
  if (stat.size > MAX_MEMORY_BYTES) return refuse(`is ${kib(stat.size)}, over the ${kib(MAX_MEMORY_BYTES)} limit`);
  const bytes = readNoFollow(path, stat.ino);
  if (typeof bytes === "string") return refuse(bytes);
  if (bytes.includes(0)) return refuse("holds binary data (NUL bytes), not text");
  const text = new TextDecoder().decode(bytes);
  const lines = text.split("\n").length;
  if (lines > MAX_LINES) return refuse(`has ${lines} lines, over the limit of ${MAX_LINES}`);
  const depth = nestingDepth(text);
  if (depth > MAX_NESTING) return refuse(`nests quotes or lists ${depth} deep, over the limit of ${MAX_NESTING}`);
  // an emptied or truncated file (an editor crash, `> memory.md`) is not "every item removed"
  if (!/^#{1,6}[ \t]/m.test(text)) return refuse("has no title and no section (emptied or cut short?)");
  return { kind: "text", text, stamp };
}

function readNoFollow(path: string, ino: number): Uint8Array | string {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    return `could not be opened (${(error as { code?: string }).code ?? "error"})`;
  }
  try {
    const s = fstatSync(fd);
    // replaced between the check and the open: read nothing rather than something else
    if (!s.isFile() || s.ino !== ino) return "changed while it was being read";
    const buffer = new Uint8Array(Math.min(s.size, MAX_MEMORY_BYTES) + 1);
    let read = 0;
    for (let n; read < buffer.length && (n = readSync(fd, buffer, read, buffer.length - read, read)) > 0;) read += n;
    if (read > MAX_MEMORY_BYTES) return `grew over the ${kib(MAX_MEMORY_BYTES)} limit while it was being read`;
    return buffer.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

/** The deepest run of `>` markers and list markers opening any line: a cheap bound taken before parsing. */
export function nestingDepth(text: string): number {
  let deepest = 0;
  for (const line of text.split("\n")) {
    let depth = 0;
    let indent = 0;
    for (let i = 0; i < line.length; i++) {
      const c = line[i]!;
      if (c === ">") depth++;
      else if ((c === "-" || c === "*" || c === "+") && (line[i + 1] === " " || line[i + 1] === "\t")) depth++;
      else if (c === " ") indent += depth === 0 ? 1 : 0;
      else if (c === "\t") indent += depth === 0 ? 4 : 0;
      else break;
    }
    // a list item indented under another opens one level per two leading columns (markdown needs two)
    if (depth > 0) depth += Math.floor(indent / 2);
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

const kib = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 2 ** 20).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
