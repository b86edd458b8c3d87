import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** Where the memory file lives in the project (part of the contract). */
export const MEMORY_FILE = ".opencode/hud/memory.md";

export function contentHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

/** What changes when a file is replaced or edited; equal stamps let a read skip the file. */
export function stampOf(path: string): string | undefined {
  try {
    const s = statSync(path);
    return `${s.ino}:${s.size}:${s.mtimeMs}`;
  } catch {
    return undefined;
  }
}

/**
 * Writes through a temporary file in the same folder and a rename, so a reader (another opencode
 * process, git, an editor) sees the old file or the new one, never half of one.
 */
export function writeAtomic(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = join(dirname(path), `.memory.${process.pid}.${Date.now().toString(36)}.tmp`);
  try {
    writeFileSync(temp, text);
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
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
