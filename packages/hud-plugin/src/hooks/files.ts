import { isAbsolute, relative } from "node:path";
import type { HookDeps } from "../runtime/hook-deps.ts";

/** Paths inside the project are shown relative to it; anything else stays as given. */
export function displayPath(directory: string, path: string): string {
  if (!isAbsolute(path)) return path;
  const rel = relative(directory, path);
  return rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel : path;
}

/** Edits seen through both the host's edit event and the tool call are counted once, per session. */
export const EDIT_DEDUPE_MS = 2_000;

export function rememberEdit(deps: HookDeps, sessionID: string, path: string): boolean {
  const now = deps.now();
  const key = `${sessionID}\0${path}`;
  const last = deps.recentEdits.get(key);
  deps.recentEdits.set(key, now);
  return last === undefined || now - last > EDIT_DEDUPE_MS;
}
