/**
 * GitBranch: the current branch and the files with uncommitted changes, so the agent notices when it
 * is on the wrong branch or about to leave edits behind.
 *
 * A HUD component is called on every LLM request; this one is user code running inside the plugin,
 * so it may read the repository itself: the branch from `.git/HEAD` (a file read), the dirty files
 * from `git status` (one short-lived process, reused for a second).
 */
import type { HudComponentProps } from "@agent-hud/hud-components";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

// The branch and the working tree change outside the HUD's state, so the section is re-rendered on
// every call instead of being memoised with the stable part.
export const stability = "volatile";
export const priority = 35;

type Dirty = { path: string; status: string };
type Repo = { branch: string; dirty: Dirty[] | undefined; error?: string };

// The budget fitter may render a section at several densities in one call: one git run serves them all.
const REUSE_MS = 1_000;
const MAX_FILES = { full: 8, compact: 3, minimal: 0 } as const;
const cache = new Map<string, { at: number; repo: Repo | null }>();

/** The `.git` directory of the repository holding `start`; a `.git` file (worktree) points elsewhere. */
function findGitDir(start: string): string | undefined {
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    const dotGit = join(dir, ".git");
    if (existsSync(dotGit)) {
      if (statSync(dotGit).isDirectory()) return dotGit;
      const pointer = /^gitdir:\s*(.+)$/m.exec(readFileSync(dotGit, "utf8"));
      return pointer ? resolve(dir, pointer[1]!.trim()) : undefined;
    }
    if (dirname(dir) === dir) return undefined;
  }
}

function branchOf(gitDir: string): string {
  const head = readFileSync(join(gitDir, "HEAD"), "utf8").trim();
  const ref = /^ref:\s*refs\/heads\/(.+)$/.exec(head);
  return ref ? ref[1]! : `detached at ${head.slice(0, 7)}`;
}

/** `git status -z` entries: "XY path", renames followed by their old path. */
function parseStatus(out: string): Dirty[] {
  const fields = out.split("\0");
  const dirty: Dirty[] = [];
  for (let i = 0; i < fields.length; i++) {
    const entry = fields[i]!;
    if (entry.length < 4) continue;
    const code = entry.slice(0, 2);
    dirty.push({ status: describeStatus(code.trim()), path: entry.slice(3) });
    if (/[RC]/.test(code)) i++;
  }
  return dirty;
}

/** `git status` XY codes in words an agent reads without a manual. */
function describeStatus(code: string): string {
  if (code.includes("U") || code === "AA" || code === "DD") return "conflict";
  if (code === "??") return "untracked";
  if (code.includes("D")) return "deleted";
  if (code.startsWith("R")) return "renamed";
  if (code.startsWith("A")) return "added";
  return "modified";
}

function readRepo(directory: string): Repo | null {
  const gitDir = findGitDir(directory);
  if (!gitDir) return null;
  const branch = branchOf(gitDir);
  try {
    const out = execFileSync("git", ["--no-optional-locks", "status", "--porcelain=v1", "-z"], {
      cwd: directory,
      encoding: "utf8",
      timeout: 2_000,
      stdio: ["ignore", "pipe", "ignore"],
    });
    return { branch, dirty: parseStatus(out) };
  } catch (error) {
    return { branch, dirty: undefined, error: error instanceof Error ? error.message.split("\n")[0] : String(error) };
  }
}

function repoAt(directory: string): Repo | null {
  const now = Date.now();
  const hit = cache.get(directory);
  if (hit && now - hit.at < REUSE_MS) return hit.repo;
  const repo = readRepo(directory);
  cache.set(directory, { at: now, repo });
  return repo;
}

export default function GitBranch({ directory, density }: HudComponentProps) {
  const repo = directory ? repoAt(directory) : null;
  if (!repo) return null;
  const { branch, dirty } = repo;
  if (!dirty)
    return (
      <paragraph>
        <strong>Git</strong> <inlineCode value={branch} /> (dirty files unknown: {repo.error ?? "git status failed"})
      </paragraph>
    );
  if (density === "minimal")
    return (
      <paragraph>
        <strong>Git</strong> <inlineCode value={branch} />
        {dirty.length ? ` +${dirty.length} dirty` : " clean"}
      </paragraph>
    );
  const shown = dirty.slice(0, MAX_FILES[density]);
  const more = dirty.length - shown.length;
  const summary = dirty.length === 0 ? "clean" : `${dirty.length} dirty ${dirty.length === 1 ? "file" : "files"}`;
  if (density === "compact")
    return (
      <paragraph>
        <strong>Git</strong> <inlineCode value={branch} /> {summary}
        {shown.length ? ": " : ""}
        {shown.map((file, i) => (
          <>
            {i > 0 ? ", " : ""}
            <inlineCode value={file.path} />
          </>
        ))}
        {more > 0 ? `, +${more} more` : ""}
      </paragraph>
    );
  return (
    <section>
      <paragraph>
        <strong>Git</strong> <inlineCode value={branch} /> {summary}
      </paragraph>
      {shown.length > 0 && (
        <list>
          {shown.map((file) => (
            <item>
              <paragraph>
                <inlineCode value={file.path} /> {file.status}
              </paragraph>
            </item>
          ))}
          {more > 0 && (
            <item>
              <paragraph>+{more} more</paragraph>
            </item>
          )}
        </list>
      )}
    </section>
  );
}
