/**
 * The README's "Install in opencode" section, run as written: its commands, a shell that runs one of them,
 * and a registry on 127.0.0.1 holding the packages packed from this checkout. Shared by the registry
 * installs (readme-install) and the clone install (readme-clone-install, which builds a copy of the
 * checkout).
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { FakeLlm } from "./fake-llm.ts";
import { hud } from "./hud-session.ts";
import { createProject, logProblems, OPENCODE_BIN, startOpencode, type Project } from "./opencode.ts";
import { publishedRegistry, type LocalRegistry } from "./registry.ts";
import { tailHud } from "./requests.ts";

export const REPO = resolve(import.meta.dir, "../..");
/** The person has opencode on PATH: the binary this suite runs. */
const PATH = `${dirname(OPENCODE_BIN)}:${process.env.PATH ?? "/usr/bin:/bin"}`;
export const PLACEHOLDER = "/path/to/agent-hud";

export const PLUGIN = "opencode plugin @agent-hud/hud-plugin";
export const PLUGIN_GLOBAL = "opencode plugin -g @agent-hud/hud-plugin";
export const LIBRARY = "npm install --save-dev @agent-hud/hud-components @agent-hud/ujsx";
export const CLONE_BUILD = "bun install && bun run build";
export const CLONE_PLUGIN = `opencode plugin ${PLACEHOLDER}/packages/hud-plugin`;

/** The shell commands of the README's "Install in opencode" section, comments stripped. */
export function readmeInstallCommands(): string[] {
  const readme = readFileSync(join(REPO, "README.md"), "utf8");
  const section = readme.split(/^## Install in opencode$/m)[1]?.split(/^#{2,3} /m)[0];
  if (!section) throw new Error('README.md has no "## Install in opencode" section');
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)]
    .flatMap((m) => m[1]!.split("\n"))
    .map((line) => line.replace(/\s+#.*$/, "").trim())
    .filter(Boolean);
}

/**
 * What a contributor's clone of this checkout holds: every file git tracks or would add (uncommitted changes
 * included, so the copy is the code under test also in a developer's tree; ignored files such as
 * node_modules/ and dist/ left out), copied into a new temp folder that the caller removes.
 */
export function cloneOfCheckout(): string {
  const listed = Bun.spawnSync(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: REPO });
  if (listed.exitCode !== 0) throw new Error(`git ls-files failed in ${REPO}: ${listed.stderr.toString().trim()}`);
  const clone = mkdtempSync(join(tmpdir(), "agent-hud-clone-"));
  // a file deleted but not yet committed is listed and absent, as in the checkout
  const files = listed.stdout
    .toString()
    .split("\0")
    .filter((f) => f && existsSync(join(REPO, f)));
  for (const file of files) {
    mkdirSync(dirname(join(clone, file)), { recursive: true });
    copyFileSync(join(REPO, file), join(clone, file));
  }
  return clone;
}

/**
 * The checkout's turbo cache (turbo keeps one per repository, a worktree's in its main checkout's root):
 * content-addressed, so the clone's `bun run build` replays what the same build made from the same sources,
 * as it did when this ran in the checkout. The build from nothing is the suite's own first step.
 */
export function checkoutTurboCache(): string {
  const git = Bun.spawnSync(["git", "rev-parse", "--path-format=absolute", "--git-common-dir"], { cwd: REPO });
  return join(dirname(git.stdout.toString().trim()), ".turbo", "cache");
}

/** Runs one README line exactly as written, in bash, in `cwd`; the placeholder path is `clone`. */
export function sh(command: string, cwd: string, env: Record<string, string>, clone = REPO): string {
  const result = Bun.spawnSync(["bash", "-c", command.replaceAll(PLACEHOLDER, clone)], {
    cwd,
    env: { ...env, PATH, PWD: cwd },
    stdout: "pipe",
    stderr: "pipe",
  });
  const out = `${result.stdout.toString()}${result.stderr.toString()}`;
  if (result.exitCode !== 0) throw new Error(`\`${command}\` failed (${result.exitCode}): ${out.trim().slice(-2000)}`);
  return out;
}

/** A registry holding the packed packages, the fake LLM, and the projects made against them. */
export class ReadmeWorld {
  registry!: LocalRegistry;
  llm!: FakeLlm;
  private readonly projects: Project[] = [];

  async start(): Promise<this> {
    this.registry = await publishedRegistry();
    this.llm = new FakeLlm().start();
    return this;
  }

  async stop(): Promise<void> {
    for (const project of this.projects) project.cleanup();
    this.llm?.stop();
    await this.registry?.stop();
  }

  /** A project whose installs go to the local registry. */
  project(): Project {
    const p = createProject({ llmUrl: this.llm.url });
    Object.assign(p.env, this.registry.env());
    this.projects.push(p);
    return p;
  }

  /** One prompt that sets the task through the hud tool; returns the HUD of the request after it. */
  /**
   * One turn in a new process: the HUD of the turn's last request, and the problems opencode logged about
   * agent-hud (read while the process runs: it drops unwritten log lines when stopped).
   */
  async oneTurn(p: Project, task: string): Promise<{ hud: string | undefined; problems: string[] }> {
    const server = await startOpencode(p, { timeoutMs: 120_000 });
    try {
      const before = this.llm.agentRequests().length;
      const session = await server.createSession();
      this.llm.script({ toolCalls: [hud("task.set", { description: task })] }, { text: "ok" });
      await server.prompt(session.id, "go");
      const hudText = tailHud(this.llm.agentRequests().slice(before).at(-1)!);
      return { hud: hudText, problems: await logProblems(server, "agent-hud") };
    } finally {
      await server.stop();
    }
  }
}
