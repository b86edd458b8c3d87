import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export type TempRepo = {
  dir: string;
  write(path: string, text: string): void;
  remove(path: string): void;
  cleanup(): void;
};

/** A throw-away git repository on `branch` with one commit of `files`. */
export function gitRepo(branch: string, files: Record<string, string>): TempRepo {
  const dir = mkdtempSync(join(tmpdir(), "hud-example-git-"));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  const git = (...args: string[]) => {
    const result = Bun.spawnSync(["git", "-c", "user.name=t", "-c", "user.email=t@example.com", ...args], { cwd: dir });
    if (result.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr.toString()}`);
  };
  git("init", "-q", "-b", branch);
  for (const [path, text] of Object.entries(files)) write(path, text);
  git("add", "-A");
  git("commit", "-q", "-m", "init");
  return {
    dir,
    write,
    remove: (path) => rmSync(join(dir, path)),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
