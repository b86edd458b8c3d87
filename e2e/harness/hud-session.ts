/** One fake LLM + one opencode server with the agent-hud plugin, shared by the tests of a file. */
import { FakeLlm, type FakeLlmOptions } from "./fake-llm.ts";
import {
  createProject,
  PLUGIN_DIR,
  startOpencode,
  type OpencodeServer,
  type PluginEntry,
  type Project,
  type ProjectOptions,
} from "./opencode.ts";
import { sharedHost, sharingHost } from "./shared-host.ts";

export type HudEnv = { llm: FakeLlm; project: Project; server: OpencodeServer; stop(): Promise<void> };

export function hudPlugin(options?: Record<string, unknown>): PluginEntry {
  return options ? [PLUGIN_DIR, options] : PLUGIN_DIR;
}

export async function startHudEnv(
  options: {
    plugin?: PluginEntry | null | undefined;
    /** Plugins listed before agent-hud (their hooks run before its hooks). */
    before?: PluginEntry[];
    /** Plugins listed after agent-hud (their hooks run after its hooks). */
    after?: PluginEntry[];
    llm?: FakeLlmOptions;
    /**
     * Serve the new project from this env's opencode process instead of a process of its own: a fresh project
     * with its own config, plugins and fake LLM, for tests that do not test a start.
     */
    host?: Pick<HudEnv, "project" | "server">;
  } & Omit<ProjectOptions, "llmUrl" | "plugins" | "sharing"> = {},
): Promise<HudEnv> {
  const startedAt = Date.now();
  // in a batch of files (harness/shared-host.ts) a project with no host of its own is served by the batch's
  const batch = options.host || !sharingHost() ? undefined : await sharedHost();
  const host = options.host ?? batch;
  // the batch's earlier files logged into the same data dir
  const logsFrom = batch ? startedAt : host?.project.logsFrom;
  const llm = new FakeLlm(options.llm).start();
  const plugin = options.plugin === undefined ? hudPlugin() : options.plugin;
  const plugins = [...(options.before ?? []), ...(plugin ? [plugin] : []), ...(options.after ?? [])];
  const project = createProject({
    ...options,
    llmUrl: llm.url,
    plugins,
    sharing: host?.project,
    ...(logsFrom === undefined ? {} : { logsFrom }),
  });
  let server: OpencodeServer;
  try {
    server = host ? await host.server.forProject(project) : await startOpencode(project);
  } catch (error) {
    // the test gets no env to stop
    llm.stop();
    project.cleanup();
    throw error;
  }
  return {
    llm,
    project,
    server,
    // `this.server`: a test may have replaced the server with a restarted one
    async stop(this: HudEnv) {
      try {
        await this.server.stop();
      } finally {
        llm.stop();
        project.cleanup();
      }
    },
  };
}

/** A scripted `hud` tool call. */
export const hud = (tool: string, args?: Record<string, unknown>) => ({
  name: "hud",
  args: args === undefined ? { tool } : { tool, args },
});
