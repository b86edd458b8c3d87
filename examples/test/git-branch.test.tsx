import { afterAll, beforeAll, expect, test } from "bun:test";
import { renderAllDensities } from "@agent-hud/hud-components/testing";
import GitBranch, { parseStatus } from "../components/GitBranch.tsx";
import { gitRepo, type TempRepo } from "./git-repo.ts";
import { noResults, stateWith } from "./tool-results.ts";

let clean: TempRepo, dirty: TempRepo;

beforeAll(() => {
  clean = gitRepo("main", { "README.md": "# demo\n" });
  dirty = gitRepo("feature/login", { "README.md": "# demo\n", "src/auth.ts": "export {};\n" });
  dirty.write("README.md", "# demo, edited\n");
  dirty.write("src/session.ts", "export const ttl = 60;\n");
  dirty.remove("src/auth.ts");
});
afterAll(() => [clean, dirty].forEach((repo) => repo.cleanup()));

/** What the bash tool returns for `git <args>` in the repository: the real output, as the agent saw it. */
function gitOutput(repo: TempRepo, args: string[]): string {
  return Bun.spawnSync(["git", ...args], { cwd: repo.dir }).stdout.toString();
}

const viewAfter = (command: string, output: string) => ({
  view: { session: stateWith([{ tool: "bash", command, exit: 0, output, at: 2 }]), project: noResults() },
});

test("a clean checkout, from the long `git status`", () => {
  const out = renderAllDensities(GitBranch, viewAfter("git status", gitOutput(clean, ["status"])));
  expect(out.full).toBe("**Git** `main` clean\n");
  expect(out.minimal).toBe("**Git** `main` clean\n");
});

test("a feature branch with edited, new and deleted files, in both formats", () => {
  for (const args of [["status"], ["status", "--short", "--branch"]]) {
    const out = renderAllDensities(GitBranch, viewAfter(`git ${args.join(" ")}`, gitOutput(dirty, args)));
    expect(out.full).toStartWith("**Git** `feature/login` 3 dirty files\n");
    for (const line of ["- `README.md` modified", "- `src/auth.ts` deleted", "- `src/session.ts` untracked"])
      expect(out.full).toContain(line);
    expect(out.minimal).toBe("**Git** `feature/login` +3 dirty\n");
  }
});

test("before the agent ran git status it renders nothing; other commands are not read as a status", () => {
  expect(renderAllDensities(GitBranch).full).toBe("");
  expect(renderAllDensities(GitBranch, viewAfter("cat status.txt", "On branch main\n")).full).toBe("");
  expect(parseStatus("fatal: not a git repository")).toBeUndefined();
});
