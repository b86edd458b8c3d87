import { isAbsolute, relative } from "node:path";
import type { HookDeps } from "../runtime/hook-deps.ts";

const PATCH_FILE = /^\*\*\* (?:Add|Update|Delete) File: (.+)$/gm;

/** File paths a built-in tool call read or changed, from its arguments. */
export function touchedFiles(tool: string, args: unknown): { path: string; edited: boolean }[] {
  const a = (args ?? {}) as { filePath?: unknown; patchText?: unknown };
  const filePath = typeof a.filePath === "string" && a.filePath.length > 0 ? a.filePath : undefined;
  switch (tool) {
    case "read":
      return filePath ? [{ path: filePath, edited: false }] : [];
    case "edit":
    case "write":
    case "multiedit":
      return filePath ? [{ path: filePath, edited: true }] : [];
    case "patch":
    case "apply_patch":
      if (typeof a.patchText !== "string") return [];
      return [...a.patchText.matchAll(PATCH_FILE)].map((m) => ({ path: m[1]!.trim(), edited: true }));
    default:
      return [];
  }
}

/** Paths inside the project are shown relative to it; anything else stays as given. */
export function displayPath(directory: string, path: string): string {
  if (!isAbsolute(path)) return path;
  const rel = relative(directory, path);
  return rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel : path;
}

/** Edits seen through both `file.edited` and `tool.execute.after` are counted once, per session. */
export const EDIT_DEDUPE_MS = 2_000;

export function rememberEdit(deps: HookDeps, sessionID: string, path: string): boolean {
  const now = deps.now();
  const key = `${sessionID}\0${path}`;
  const last = deps.recentEdits.get(key);
  deps.recentEdits.set(key, now);
  return last === undefined || now - last > EDIT_DEDUPE_MS;
}
