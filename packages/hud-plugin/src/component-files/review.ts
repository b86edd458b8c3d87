import { readFileSync, realpathSync } from "node:fs";
import { relative, resolve } from "node:path";
import { AcceptanceStore, sha256 } from "./acceptance.ts";
import { codeFiles } from "./gate.ts";
import { hudRoots, type HudRoot, type RootOptions } from "./roots.ts";

/**
 * What the person reviews, from any process (the CLI, the TUI): the code files under a project's
 * component folders and the global ones, each with the decision on its current content. `waiting`: no
 * decision yet, so an opencode that was running when it was written does not run it.
 */
export type ComponentState = "waiting" | "accepted" | "rejected" | "present at start";
export type ReviewedFile = { path: string; display: string; sha256: string; bytes: number; state: ComponentState };

const STATE = { start: "present at start", accepted: "accepted", rejected: "rejected" } as const;

export function reviewComponents(directory: string, dataDir: string, options: RootOptions = {}): ReviewedFile[] {
  const store = new AcceptanceStore(dataDir);
  const out: ReviewedFile[] = [];
  for (const root of hudRoots(directory, options))
    for (const path of codeFiles(root.dir)) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(path);
      } catch {
        continue;
      }
      const hash = sha256(bytes);
      const decision = store.decision(path, hash);
      out.push({
        path,
        display: displayOf(root, directory, path),
        sha256: hash,
        bytes: bytes.length,
        state: decision ? STATE[decision] : "waiting",
      });
    }
  return out;
}

function displayOf(root: HudRoot, directory: string, path: string): string {
  return root.scope === "project" ? relative(directory, path) : root.display(path);
}

/**
 * Records the person's answer for the file's content as it is now: what runs later is exactly what was
 * accepted (an edit after this waits again). `file` is relative to `cwd` or absolute and must be a code
 * file under one of the component folders; anything else is one line saying so.
 */
export function decideComponent(
  directory: string,
  dataDir: string,
  file: string,
  decision: "accepted" | "rejected",
  now: number,
  options: RootOptions = {},
  cwd = directory,
): ReviewedFile {
  const wanted = resolve(cwd, file);
  const reviewed = reviewComponents(directory, dataDir, options);
  const found =
    reviewed.find((r) => r.path === wanted) ?? reviewed.find((r) => same(r.path, wanted) || r.display === file);
  if (!found) {
    const folders = hudRoots(directory, options).map((r) => r.dir);
    throw new Error(`${file} is not a component file under ${folders.join(" or ")}`);
  }
  new AcceptanceStore(dataDir).record([{ path: found.path, sha256: found.sha256, decision, at: now }]);
  return { ...found, state: decision };
}

function same(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}
