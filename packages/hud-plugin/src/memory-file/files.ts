import {
  closeSync,
  existsSync,
  fstatSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { stampOfStat } from "./safe-read.ts";

/** Where the memory file lives in the project (part of the contract). */
export const MEMORY_FILE = ".opencode/hud/memory.md";

export function contentHash(text: string): string {
  return new Bun.CryptoHasher("sha256").update(text).digest("hex").slice(0, 16);
}

const TEMP = /^\.memory\.(\d+)\.[0-9a-z]+\.tmp$/;

/**
 * Writes through a temporary file in the same folder, flushed to disk, and a rename, so a reader (another
 * opencode process, git, an editor) sees the old file or the new one, never half of one — and a power cut
 * right after the rename cannot leave an empty file. Temp files that a killed write left behind are removed.
 * Returns the written file's stamp (see `lstampOf`).
 */
export function writeAtomic(path: string, text: string): string {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  removeStaleTemps(dir);
  const temp = join(dir, `.memory.${process.pid}.${Date.now().toString(36)}.tmp`);
  try {
    const fd = openSync(temp, "wx", 0o644);
    let stamp: string;
    try {
      writeFileSync(fd, text);
      fsyncSync(fd);
      // taken from the file written, not from the path after the rename: an edit that lands between the
      // rename and a later look at the path must read as a change
      stamp = stampOfStat(fstatSync(fd));
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
    return stamp;
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** Temp files of writes whose process is gone (a kill between write and rename). */
function removeStaleTemps(dir: string): void {
  for (const name of readdirSync(dir)) {
    const pid = TEMP.exec(name)?.[1];
    if (pid && Number(pid) !== process.pid && !alive(Number(pid))) rmSync(join(dir, name), { force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === "EPERM";
  }
}

/**
 * Next to the memory file, once: `share` marks it for git's union merge driver, so two people's
 * additions at the same place merge as both lines; `ignore` keeps it out of git (memory stays local).
 * A file a person already wrote is left alone.
 */
export function writeGitFile(dir: string, git: "share" | "ignore"): void {
  const [name, text] =
    git === "share"
      ? [
          ".gitattributes",
          "# agent-hud: merge the memory file line by line, keeping both sides' lines\nmemory.md merge=union\n",
        ]
      : [".gitignore", "# agent-hud: project memory stays on this machine\nmemory.md\n.gitignore\n"];
  const path = join(dir, name);
  if (!existsSync(path)) writeAtomic(path, text);
}
