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

export type HudEnv = { llm: FakeLlm; project: Project; server: OpencodeServer; stop(): Promise<void> };

export function hudPlugin(options?: Record<string, unknown>): PluginEntry {
  return options ? [PLUGIN_DIR, options] : PLUGIN_DIR;
}

export async function startHudEnv(
  options: {
    plugin?: PluginEntry | null | undefined;
    /** Plugins listed before agent-hud (their hooks run before its hooks). */
    before?: PluginEntry[];
    llm?: FakeLlmOptions;
    /**
     * Serve the new project from this env's opencode process instead of a process of its own: a fresh project
     * with its own config, plugins and fake LLM, for tests that do not test a start.
     */
    host?: HudEnv;
  } & Omit<ProjectOptions, "llmUrl" | "plugins" | "sharing"> = {},
): Promise<HudEnv> {
  const llm = new FakeLlm(options.llm).start();
  const plugin = options.plugin === undefined ? hudPlugin() : options.plugin;
  const plugins = [...(options.before ?? []), ...(plugin ? [plugin] : [])];
  const project = createProject({ ...options, llmUrl: llm.url, plugins, sharing: options.host?.project });
  const server = options.host ? await options.host.server.forProject(project) : await startOpencode(project);
  return {
    llm,
    project,
    server,
    // `this.server`: a test may have replaced the server with a restarted one
    async stop(this: HudEnv) {
      await this.server.stop();
      llm.stop();
      project.cleanup();
    },
  };
}

/** A scripted `hud` tool call. */
export const hud = (tool: string, args?: Record<string, unknown>) => ({
  name: "hud",
  args: args === undefined ? { tool } : { tool, args },
});
