import { afterAll, beforeAll, expect, test } from "bun:test";
import { renderAllDensities } from "@agent-hud/hud-components/testing";
import GitBranch from "../components/GitBranch.tsx";
import { gitRepo, type TempRepo } from "./git-repo.ts";

let clean: TempRepo, dirty: TempRepo;

beforeAll(() => {
  clean = gitRepo("main", { "README.md": "# demo\n" });
  dirty = gitRepo("feature/login", { "README.md": "# demo\n", "src/auth.ts": "export {};\n" });
  dirty.write("README.md", "# demo, edited\n");
  dirty.write("src/session.ts", "export const ttl = 60;\n");
  dirty.remove("src/auth.ts");
});
afterAll(() => [clean, dirty].forEach((repo) => repo.cleanup()));

test("a clean checkout", () => {
  expect(renderAllDensities(GitBranch, { directory: clean.dir })).toMatchSnapshot();
});

test("a feature branch with edited, new and deleted files", () => {
  expect(renderAllDensities(GitBranch, { directory: dirty.dir })).toMatchSnapshot();
});

test("outside a repository it renders nothing", () => {
  expect(renderAllDensities(GitBranch, { directory: "/" }).full).toBe("");
});
