// Publishes the Gemini CLI extension in the two forms `gemini extensions install <repository>` reads, each with
// gemini-extension.json at its root: a release archive (a GitHub Release's single asset) and a branch (installed
// with --ref=<branch>). dist/gemini/ is build output that main never holds, so a clone of main has no manifest
// at its root and Gemini CLI cannot install it.
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { RELEASE_BRANCH } from "../src/host/gemini/names.ts";

export const USAGE = `Usage: bun scripts/gemini-release.ts [--archive <file>] [--repo <git repository>] [options]

Releases the Gemini CLI extension (the package's dist/gemini/, built first).

  --archive <file>   write the release archive (a .tar.gz, gemini-extension.json at its root), e.g. agent-hud.tar.gz
  --repo <path>      commit the extension as the root of --branch in this git repository (bare or not); its
                     working tree, index and checked-out branch are left alone. Push the branch yourself.
  --branch <name>    the branch (default: gemini-extension); each release is one commit on top of the last
  --from <folder>    release this folder instead of building dist/gemini/
  --no-build         release dist/gemini/ as it is
  -h, --help         this text

At least one of --archive and --repo. Users then install with
  gemini extensions install <repository url> --ref=<branch>     (the branch)
  gemini extensions install <github repository url>             (the latest release's archive)`;

const PACKAGE_DIR = resolve(import.meta.dir, "..");

/** A problem the person can fix: main prints its message alone, without a stack. */
export class ReleaseError extends Error {}

export type ReleaseOptions = {
  archive?: string;
  repo?: string;
  branch: string;
  /** The extension's folder; built first when `build`. */
  from: string;
  build: boolean;
};

/** The options, or "help"; throws a ReleaseError naming what is wrong. */
export function parseReleaseArgs(argv: string[]): ReleaseOptions | "help" {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        archive: { type: "string" },
        repo: { type: "string" },
        branch: { type: "string" },
        from: { type: "string" },
        "no-build": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (e) {
    const message = (e instanceof Error ? e.message : String(e)).replace(/\s*\n\s*/g, " ");
    throw new ReleaseError(`${message} (--help lists the options)`);
  }
  if (values.help) return "help";
  if (!values.archive && !values.repo)
    throw new ReleaseError("nothing to do: give --archive <file>, --repo <path> or both");
  const branch = values.branch ?? RELEASE_BRANCH;
  // the name git itself would refuse, said before anything is built
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(branch) || branch.includes("..") || branch.endsWith(".lock"))
    throw new ReleaseError(`--branch ${JSON.stringify(branch)} is not a usable branch name`);
  return {
    archive: values.archive === undefined ? undefined : resolve(values.archive),
    repo: values.repo === undefined ? undefined : resolve(values.repo),
    branch,
    from: resolve(values.from ?? join(PACKAGE_DIR, "dist", "gemini")),
    build: values.from === undefined && !values["no-build"],
  };
}

/** The files under `${extensionPath}` that the manifest's servers and the hooks run, relative to the root. */
export function referencedFiles(manifestText: string, hooksText: string): string[] {
  const found = new Set<string>();
  for (const text of [manifestText, hooksText])
    for (const m of text.matchAll(/\$\{extensionPath\}[\\/]+([^"'\s\\]+)/g)) found.add(m[1]!);
  return [...found].sort();
}

/**
 * What keeps `files` (paths relative to the root) from being an installable extension: no manifest, a name
 * Gemini CLI rejects, no version, or a file the manifest or hooks name that is missing.
 */
export function extensionProblems(files: string[], read: (path: string) => string): string[] {
  if (!files.includes("gemini-extension.json")) return ["no gemini-extension.json at the root"];
  let manifest: { name?: unknown; version?: unknown };
  try {
    manifest = JSON.parse(read("gemini-extension.json"));
  } catch (e) {
    return [`gemini-extension.json is not JSON: ${e instanceof Error ? e.message : String(e)}`];
  }
  const problems: string[] = [];
  if (typeof manifest.name !== "string" || !/^[a-zA-Z0-9-]+$/.test(manifest.name))
    problems.push("gemini-extension.json: name must be letters, digits and dashes");
  if (typeof manifest.version !== "string" || manifest.version === "")
    problems.push("gemini-extension.json: no version");
  const hooks = files.includes("hooks/hooks.json") ? read("hooks/hooks.json") : "";
  for (const file of referencedFiles(read("gemini-extension.json"), hooks))
    if (!files.includes(file)) problems.push(`${file} is named by the manifest or hooks but missing`);
  return problems;
}

/** `git update-index --index-info` lines: a file's mode, its blob, its path. */
export function indexInfo(entries: Array<{ path: string; blob: string; executable: boolean }>): string {
  return entries.map((e) => `${e.executable ? "100755" : "100644"} ${e.blob}\t${e.path}\n`).join("");
}

export function releaseMessage(version: string, source: string | undefined): string {
  return `agent-hud ${version}: the Gemini CLI extension${source ? `\n\nBuilt from ${source}.` : ""}\n`;
}

type TreeFile = { path: string; absolute: string; executable: boolean };

/** Every file under `root`, sorted; a symlink or other special file is refused (an archive and git differ on them). */
function listTree(root: string): TreeFile[] {
  const out: TreeFile[] = [];
  for (const path of readdirSync(root, { recursive: true, encoding: "utf8" }).sort()) {
    const absolute = join(root, path);
    const stat = lstatSync(absolute);
    if (stat.isDirectory()) continue;
    if (!stat.isFile()) throw new ReleaseError(`${absolute} is not a plain file`);
    out.push({ path: path.split("\\").join("/"), absolute, executable: (stat.mode & 0o111) !== 0 });
  }
  return out;
}

function git(args: string[], options: { cwd: string; env?: Record<string, string>; input?: string }): string {
  const run = Bun.spawnSync(["git", ...args], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdin: options.input === undefined ? "ignore" : new Blob([options.input]),
    stdout: "pipe",
    stderr: "pipe",
  });
  if (run.exitCode !== 0)
    throw new ReleaseError(`git ${args[0]} failed in ${options.cwd}: ${run.stderr.toString().trim() || run.exitCode}`);
  return run.stdout.toString().trim();
}

/** Writes the archive: the folder's files at its root. */
async function writeArchive(path: string, files: TreeFile[]): Promise<void> {
  const entries: Record<string, Uint8Array> = {};
  // bytes, not Bun.file(): a lazy file would be written empty
  for (const file of files) entries[file.path] = readFileSync(file.absolute);
  await Bun.Archive.write(path, entries, { compress: "gzip" });
}

type BranchResult = { commit: string; parent?: string; unchanged: boolean };

/**
 * Commits `files` as the whole tree of `branch` in `repo`, on top of the branch's last commit, through a
 * temporary index: the repository's own index, working tree and HEAD stay as they were.
 */
function commitBranch(repo: string, branch: string, files: TreeFile[], message: string): BranchResult {
  const ref = `refs/heads/${branch}`;
  // moving the branch a worktree has checked out would leave its files behind its HEAD
  const worktrees = git(["worktree", "list", "--porcelain"], { cwd: repo });
  if (worktrees.split("\n").includes(`branch ${ref}`))
    throw new ReleaseError(`${branch} is checked out in a worktree of ${repo}; switch it away first`);
  const hasRef = Bun.spawnSync(["git", "rev-parse", "--verify", "--quiet", `${ref}^{commit}`], { cwd: repo });
  const parent = hasRef.exitCode === 0 ? hasRef.stdout.toString().trim() : undefined;
  const blobs = git(["hash-object", "-w", "--no-filters", "--stdin-paths"], {
    cwd: repo,
    input: files.map((f) => `${f.absolute}\n`).join(""),
  }).split("\n");
  const temp = mkdtempSync(join(tmpdir(), "agent-hud-release-"));
  try {
    const env = { GIT_INDEX_FILE: join(temp, "index") };
    const entries = files.map((f, i) => ({ path: f.path, blob: blobs[i]!, executable: f.executable }));
    git(["update-index", "--add", "--index-info"], { cwd: repo, env, input: indexInfo(entries) });
    const tree = git(["write-tree"], { cwd: repo, env });
    if (parent && git(["rev-parse", `${parent}^{tree}`], { cwd: repo }) === tree)
      return { commit: parent, parent, unchanged: true };
    const commit = git(["commit-tree", tree, ...(parent ? ["-p", parent] : []), "-F", "-"], {
      cwd: repo,
      input: message,
    });
    // the old value makes the move atomic: a release racing this one fails instead of being lost
    git(["update-ref", "-m", "gemini-release", ref, commit, parent ?? "0".repeat(tree.length)], { cwd: repo });
    return { commit, parent, unchanged: false };
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

function build(): void {
  const run = Bun.spawnSync(["bun", "run", "build"], { cwd: PACKAGE_DIR, stdout: "pipe", stderr: "pipe" });
  if (run.exitCode !== 0)
    throw new ReleaseError(
      `bun run build failed: ${`${run.stdout}${run.stderr}`.trim().split("\n").slice(-5).join(" | ")}`,
    );
}

/** The commit the package was built from, if it is in a git checkout. */
function sourceCommit(): string | undefined {
  const run = Bun.spawnSync(["git", "rev-parse", "HEAD"], { cwd: PACKAGE_DIR, stdout: "pipe", stderr: "ignore" });
  return run.exitCode === 0 ? run.stdout.toString().trim() : undefined;
}

/** Runs a release; returns the lines to print. */
export async function release(options: ReleaseOptions): Promise<string[]> {
  if (options.build) build();
  if (!existsSync(options.from)) throw new ReleaseError(`${options.from} does not exist (run bun run build)`);
  const files = listTree(options.from);
  const problems = extensionProblems(
    files.map((f) => f.path),
    (path) => readFileSync(join(options.from, path), "utf8"),
  );
  if (problems.length > 0)
    throw new ReleaseError(`${options.from} is not an installable extension: ${problems.join("; ")}`);
  const version = JSON.parse(readFileSync(join(options.from, "gemini-extension.json"), "utf8")).version as string;
  const lines: string[] = [];
  if (options.archive) {
    await writeArchive(options.archive, files);
    lines.push(`archive: ${options.archive} (${files.length} files, version ${version})`);
  }
  if (options.repo) {
    const result = commitBranch(options.repo, options.branch, files, releaseMessage(version, sourceCommit()));
    lines.push(
      result.unchanged
        ? `branch: ${options.branch} unchanged at ${result.commit} (same tree)`
        : `branch: ${options.branch} at ${result.commit}${result.parent ? ` (after ${result.parent})` : " (its first commit)"}`,
    );
  }
  return lines;
}

if (import.meta.main) {
  try {
    const options = parseReleaseArgs(Bun.argv.slice(2));
    if (options === "help") console.log(USAGE);
    else for (const line of await release(options)) console.log(line);
  } catch (e) {
    if (!(e instanceof ReleaseError)) throw e;
    console.error(`gemini-release: ${e.message}`);
    process.exit(1);
  }
}
