import { expect, test } from "bun:test";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gitRoot } from "../../src/hook-process/git-root.ts";

test("a folder inside a repository keys the project by the repository's top, as opencode's worktree does", () => {
  const root = mkdtempSync(join(tmpdir(), "cc-git-"));
  mkdirSync(join(root, "repo", ".git"), { recursive: true });
  mkdirSync(join(root, "repo", "src", "deep"), { recursive: true });
  mkdirSync(join(root, "loose"));
  expect(gitRoot(join(root, "repo", "src", "deep"))).toBe(join(root, "repo"));
  expect(gitRoot(join(root, "loose"))).toBe(join(root, "loose"));
});
