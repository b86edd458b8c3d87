/**
 * One opencode process for several test files. The runner (harness/run-files.ts) runs the files listed in its
 * SHARED_HOST in one `bun test` process with AGENT_HUD_E2E_SHARED_HOST set; there, `startHudEnv` serves each
 * new project from this process (`OpencodeServer.forProject`: the project's own config, plugins and fake LLM)
 * instead of starting one, as one opencode serves every directory a person opens. A process costs about
 * 2 CPU-seconds to start, and a warm one serves a project's first prompt and steps in about half the CPU of a
 * fresh one. Files that test a start, a restart or a kill, or that write the shared HOME, keep their own.
 */
import { FakeLlm } from "./fake-llm.ts";
import { createProject, startOpencode, type OpencodeServer, type Project } from "./opencode.ts";

export const SHARED_HOST_ENV = "AGENT_HUD_E2E_SHARED_HOST";

export type SharedHost = { project: Project; server: OpencodeServer };

let started: Promise<SharedHost> | undefined;
let llm: FakeLlm | undefined;

export function sharingHost(): boolean {
  return Bun.env[SHARED_HOST_ENV] === "1";
}

/** The batch's process, started on first use: a project of its own with no plugin, whose HOME the others share. */
export function sharedHost(): Promise<SharedHost> {
  started ??= (async () => {
    llm = new FakeLlm().start();
    const project = createProject({ llmUrl: llm.url, plugins: [] });
    try {
      return { project, server: await startOpencode(project) };
    } catch (error) {
      // a failed start leaves stopSharedHost nothing to stop
      project.cleanup();
      throw error;
    }
  })();
  return started;
}

/** Stops the batch's process (the preload runs this after the last file). */
export async function stopSharedHost(): Promise<void> {
  if (!started) return;
  const host = started;
  started = undefined;
  try {
    const { project, server } = await host;
    try {
      await server.stop();
    } finally {
      project.cleanup();
    }
  } finally {
    llm?.stop();
  }
}
