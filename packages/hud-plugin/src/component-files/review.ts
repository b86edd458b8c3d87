import { realpathSync } from "node:fs";
import { relative, resolve } from "node:path";
import { AcceptanceStore, sha256 } from "./acceptance.ts";
import { codeFiles, readCodeFile } from "./code-files.ts";
import { hudRoots, type HudRoot, type RootOptions } from "./roots.ts";

/**
 * What the person reviews, from any process (the CLI, the TUI): the code files under a project's
 * component folders and the global ones, each with the decision on its current content. `waiting`: a
 * file (project or global) with no decision yet, whose output does not reach the agent; `refused`: a file
 * that is never read (a hard link, a link out of its folder, too large), with `reason`, and nothing to decide.
 */
export type ComponentState = "waiting" | "accepted" | "rejected" | "refused";
export type ReviewedFile = {
  path: string;
  display: string;
  sha256: string;
  bytes: number;
  state: ComponentState;
  scope: HudRoot["scope"];
  reason?: string;
};

/** How a hash is shown and named back: its first 12 hex digits. */
export const SHORT_HASH = 12;

/** The decisions are read from the person's state folder of `options.env` (acceptance.ts). */
export function reviewComponents(directory: string, options: RootOptions = {}): ReviewedFile[] {
  const store = AcceptanceStore.forPerson(options.env);
  const out: ReviewedFile[] = [];
  for (const root of hudRoots(directory, options))
    for (const path of codeFiles(root.dir)) {
      let bytes: Buffer;
      try {
        bytes = readCodeFile(root.dir, path).bytes;
      } catch (error) {
        // never read, never rendered: nothing to decide, but the person is told why
        const reason = (error as Error).message.split("\n")[0];
        out.push({
          path,
          display: displayOf(root, directory, path),
          sha256: "",
          bytes: 0,
          state: "refused",
          scope: root.scope,
          reason,
        });
        continue;
      }
      const hash = sha256(bytes);
      const decision = store.decision(path, hash);
      out.push({
        path,
        display: displayOf(root, directory, path),
        sha256: hash,
        bytes: bytes.length,
        state: decision ?? "waiting",
        scope: root.scope,
      });
    }
  return out;
}

function displayOf(root: HudRoot, directory: string, path: string): string {
  return root.scope === "project" ? relative(directory, path) : root.display(path);
}

/**
 * Records the person's answer for the content they saw: `hash` (at least its first 12 hex digits, as the
 * list shows it) must be the file's content now, else nothing is recorded and the one line says the file
 * changed since. An accept needs the hash; a reject without one rejects the content as it is now. `file` is
 * relative to `cwd` or absolute and must be a code file under one of the component folders.
 */
export function decideComponent(
  directory: string,
  file: string,
  decision: "accepted" | "rejected",
  hash: string | undefined,
  now: number,
  options: RootOptions = {},
  cwd = directory,
): ReviewedFile {
  const wanted = resolve(cwd, file);
  const reviewed = reviewComponents(directory, options);
  const found =
    reviewed.find((r) => r.path === wanted) ?? reviewed.find((r) => same(r.path, wanted) || r.display === file);
  if (!found) {
    const folders = hudRoots(directory, options).map((r) => r.dir);
    throw new Error(`${file} is not a component file under ${folders.join(" or ")}`);
  }
  if (found.state === "refused") throw new Error(`${found.display} is never read: ${found.reason}`);
  if (hash === undefined && decision === "accepted")
    throw new Error(
      `name the content you accept: agent-hud components accept ${found.display} ${found.sha256.slice(0, SHORT_HASH)}`,
    );
  if (hash !== undefined && (hash.length < SHORT_HASH || !found.sha256.startsWith(hash.toLowerCase())))
    throw new Error(
      `${found.display} is now sha256 ${found.sha256.slice(0, SHORT_HASH)}, not ${hash}: it changed since you looked (or the hash is shorter than ${SHORT_HASH} digits); read it again and answer with its current hash`,
    );
  AcceptanceStore.forPerson(options.env).record([{ path: found.path, sha256: found.sha256, decision, at: now }]);
  return { ...found, state: decision };
}

function same(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}
