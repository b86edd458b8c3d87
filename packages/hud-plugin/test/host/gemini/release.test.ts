import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  extensionProblems,
  indexInfo,
  parseReleaseArgs,
  referencedFiles,
  release,
  ReleaseError,
  releaseMessage,
} from "../../../scripts/gemini-release.ts";
import { extensionJson, hooksJson } from "../../../src/host/gemini/extension.ts";
import { RELEASE_BRANCH } from "../../../src/host/gemini/names.ts";

const manifest = JSON.stringify(extensionJson("1.2.3"));
const hooks = JSON.stringify(hooksJson());

describe("the release script's arguments", () => {
  test("defaults: the gemini-extension branch, built first from dist/gemini", () => {
    expect(parseReleaseArgs(["--repo", "r"])).toMatchObject({
      branch: "gemini-extension",
      build: true,
      archive: undefined,
    });
    const options = parseReleaseArgs(["--archive", "a.tar.gz", "--no-build", "--branch", "ext"]);
    expect(options).toMatchObject({ branch: "ext", build: false, repo: undefined });
    expect(options !== "help" && options.from.endsWith("/dist/gemini")).toBe(true);
    // another folder is released as it is
    expect(parseReleaseArgs(["--repo", "r", "--from", "x"])).toMatchObject({ build: false });
    expect(parseReleaseArgs(["-h"])).toBe("help");
  });

  test("nothing to do, an unknown option or a name git refuses: one line, before anything is built", () => {
    for (const [argv, words] of [
      [[], "nothing to do"],
      [["--repo", "r", "--push"], "Unknown option '--push' (--help"],
      [["--repo", "r", "--branch", "a..b"], "not a usable branch name"],
      [["--repo", "r", "--branch=-x"], "not a usable branch name"],
      [["--repo", "r", "--branch", "-x"], "To specify an option argument starting with a dash"],
      [["--repo", "r", "extra"], "--help"],
    ] as const) {
      let message = "";
      try {
        parseReleaseArgs([...argv]);
      } catch (e) {
        expect(e).toBeInstanceOf(ReleaseError);
        message = (e as Error).message;
      }
      expect(message).toContain(words);
      expect(message).not.toContain("\n");
    }
  });
});

describe("the extension's tree", () => {
  const complete = ["gemini-extension.json", "hooks/hooks.json", "scripts/hook.sh", "scripts/mcp.js"];
  const reader = (files: Record<string, string>) => (path: string) => files[path]!;

  test("the files the manifest's server and the hooks run, from the build's own manifest and hooks", () => {
    expect(referencedFiles(manifest, hooks)).toEqual(["scripts/hook.sh", "scripts/mcp.js"]);
  });

  test("the build's files are an installable extension", () => {
    const read = reader({ "gemini-extension.json": manifest, "hooks/hooks.json": hooks });
    expect(extensionProblems(complete, read)).toEqual([]);
  });

  test("each problem is named: no manifest, no JSON, a bad name, no version, a missing script", () => {
    expect(extensionProblems(["hooks/hooks.json"], reader({}))).toEqual(["no gemini-extension.json at the root"]);
    expect(extensionProblems(complete, reader({ "gemini-extension.json": "{" }))[0]).toStartWith(
      "gemini-extension.json is not JSON",
    );
    const bad = JSON.stringify({ ...extensionJson(""), name: "agent hud" });
    expect(extensionProblems(complete, reader({ "gemini-extension.json": bad, "hooks/hooks.json": hooks }))).toEqual([
      "gemini-extension.json: name must be letters, digits and dashes",
      "gemini-extension.json: no version",
    ]);
    const read = reader({ "gemini-extension.json": manifest, "hooks/hooks.json": hooks });
    expect(extensionProblems(complete.slice(0, 3), read)).toEqual([
      "scripts/mcp.js is named by the manifest or hooks but missing",
    ]);
  });

  test("index lines keep a script executable; the message names the version and the source commit", () => {
    expect(
      indexInfo([
        { path: "scripts/hook.sh", blob: "a".repeat(40), executable: true },
        { path: "gemini-extension.json", blob: "b".repeat(40), executable: false },
      ]),
    ).toBe(`100755 ${"a".repeat(40)}\tscripts/hook.sh\n100644 ${"b".repeat(40)}\tgemini-extension.json\n`);
    expect(releaseMessage("1.2.3", "abc")).toBe("agent-hud 1.2.3: the Gemini CLI extension\n\nBuilt from abc.\n");
  });
});

describe("a release into a repository (git, no Gemini CLI)", () => {
  const root = mkdtempSync(join(tmpdir(), "agent-hud-release-"));
  const ext = join(root, "ext");
  const caller = join(root, "caller");
  const saved = { ...process.env };
  const git = (cwd: string, ...args: string[]) => {
    const run = Bun.spawnSync(["git", ...args], { cwd, env: process.env, stderr: "pipe" });
    if (run.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${run.stderr}`);
    return run.stdout.toString().trim();
  };
  const writeExtension = (version: string) => {
    mkdirSync(join(ext, "hooks"), { recursive: true });
    mkdirSync(join(ext, "scripts"), { recursive: true });
    writeFileSync(join(ext, "gemini-extension.json"), JSON.stringify(extensionJson(version)));
    writeFileSync(join(ext, "hooks", "hooks.json"), hooks);
    writeFileSync(join(ext, "scripts", "mcp.js"), "");
    writeFileSync(join(ext, "scripts", "hook.sh"), "#!/bin/sh\n");
    chmodSync(join(ext, "scripts", "hook.sh"), 0o755);
  };
  const run = (archive?: string) => release({ repo: caller, branch: RELEASE_BRANCH, from: ext, build: false, archive });

  beforeAll(() => {
    Object.assign(process.env, {
      GIT_AUTHOR_NAME: "t",
      GIT_AUTHOR_EMAIL: "t@example.com",
      GIT_COMMITTER_NAME: "t",
      GIT_COMMITTER_EMAIL: "t@example.com",
      GIT_CONFIG_GLOBAL: "/dev/null",
    });
    // the caller's own repository: a checked-out main with a staged change and an untracked file
    mkdirSync(caller);
    git(caller, "init", "-q", "-b", "main");
    writeFileSync(join(caller, "a.txt"), "one\n");
    git(caller, "add", "a.txt");
    git(caller, "commit", "-q", "-m", "first");
    writeFileSync(join(caller, "a.txt"), "two\n");
    git(caller, "add", "a.txt");
    writeFileSync(join(caller, "untracked.txt"), "u\n");
  });
  afterAll(() => {
    process.env = saved;
    rmSync(root, { recursive: true, force: true });
  });

  test("each release is one commit on top of the last; the same tree twice makes none; the caller's checkout is left alone", async () => {
    writeExtension("1.0.0");
    const status = git(caller, "status", "--porcelain");
    const head = git(caller, "rev-parse", "HEAD");
    const archive = join(root, "agent-hud.tar.gz");
    expect((await run(archive))[1]).toContain("(its first commit)");
    const first = git(caller, "rev-parse", RELEASE_BRANCH);
    expect(git(caller, "ls-tree", "-r", RELEASE_BRANCH)).toContain(`100755 blob`);
    expect(git(caller, "ls-tree", "-r", "--name-only", RELEASE_BRANCH).split("\n")).toEqual([
      "gemini-extension.json",
      "hooks/hooks.json",
      "scripts/hook.sh",
      "scripts/mcp.js",
    ]);
    const archived = await new Bun.Archive(readFileSync(archive)).files();
    expect([...archived.keys()].sort()).toEqual([
      "gemini-extension.json",
      "hooks/hooks.json",
      "scripts/hook.sh",
      "scripts/mcp.js",
    ]);
    expect(await archived.get("gemini-extension.json")!.text()).toBe(JSON.stringify(extensionJson("1.0.0")));

    writeExtension("1.0.1");
    expect((await run())[0]).toContain(`(after ${first})`);
    expect(git(caller, "rev-parse", `${RELEASE_BRANCH}^`)).toBe(first);
    expect(git(caller, "show", `${RELEASE_BRANCH}:gemini-extension.json`)).toContain('"version":"1.0.1"');
    expect((await run())[0]).toContain("unchanged");
    expect(git(caller, "rev-list", "--count", RELEASE_BRANCH)).toBe("2");

    expect(git(caller, "status", "--porcelain")).toBe(status);
    expect(git(caller, "rev-parse", "HEAD")).toBe(head);
    expect(git(caller, "symbolic-ref", "HEAD")).toBe("refs/heads/main");
  });

  test("a branch a worktree has checked out is refused, the branch unmoved", async () => {
    writeExtension("2.0.0");
    const before = git(caller, "rev-parse", RELEASE_BRANCH);
    git(caller, "worktree", "add", "-q", join(root, "wt"), RELEASE_BRANCH);
    await expect(run()).rejects.toThrow(`${RELEASE_BRANCH} is checked out in a worktree`);
    expect(git(caller, "rev-parse", RELEASE_BRANCH)).toBe(before);
  });

  test("a folder that is no extension is refused before anything is written", async () => {
    rmSync(join(ext, "scripts", "mcp.js"));
    const archive = join(root, "bad.tar.gz");
    await expect(run(archive)).rejects.toThrow("scripts/mcp.js is named by the manifest or hooks but missing");
    expect(existsSync(archive)).toBe(false);
  });
});
