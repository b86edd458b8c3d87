// An opencode plugin that loads agent-hud's bundle and writes down every call opencode makes to its hooks and
// its `hud` tool (the input and the output as they were before the hook ran), one JSON line each, then passes
// the call on. bench/session-replay.ts plays such a recording back in a bare bun process, so what the plugin
// allocates and spends can be told from opencode's own noise. Options: `record` (the file to write) and
// `bundle` (the server.js to load); the rest go to agent-hud.
import { appendFileSync } from "node:fs";

type Hook = (input: unknown, output?: unknown) => Promise<unknown>;
type Tool = { execute: (args: unknown, context: Record<string, unknown>) => Promise<unknown> };
type Hooks = Record<string, unknown> & { tool?: Record<string, Tool> };

/** A copy that JSON can hold: a zod schema (tool.definition's parameters) or a function is left out. */
function plain(value: unknown): unknown {
  try {
    return JSON.parse(JSON.stringify(value, (_k, v) => (typeof v === "function" ? undefined : v)));
  } catch {
    return null;
  }
}

export default {
  id: "agent-hud-recorder",
  server: async (input: unknown, options: Record<string, unknown> = {}) => {
    const { record, bundle, ...rest } = options as { record: string; bundle: string };
    const real = ((await import(bundle)) as { default: { server: (i: unknown, o: unknown) => Promise<Hooks> } })
      .default;
    const hooks = await real.server(input, rest);
    // whether opencode's event loop got to its timers since the last entry: what a hook queued for the next
    // turn (the board's publish, deferred writes) ran in between only then, so the replay yields only there
    let turned = true;
    const write = (entry: Record<string, unknown>) => {
      appendFileSync(record, `${JSON.stringify({ ...entry, turned })}\n`);
      turned = false;
      setTimeout(() => (turned = true), 0);
    };
    // the replay puts its own project folder in place of this one, so paths show as they did here
    write({ directory: (input as { directory: string }).directory });
    const wrapped: Hooks = { ...hooks };
    for (const [name, hook] of Object.entries(hooks)) {
      if (typeof hook !== "function" || name === "dispose") continue;
      wrapped[name] = async (hookInput: unknown, output?: unknown) => {
        const out = name === "tool.definition" ? { description: "" } : plain(output);
        write({ hook: name, input: plain(hookInput), output: out });
        return (hook as Hook)(hookInput, output);
      };
    }
    wrapped.tool = Object.fromEntries(
      Object.entries(hooks.tool ?? {}).map(([name, tool]) => [
        name,
        {
          ...tool,
          execute: (args: unknown, context: Record<string, unknown>) => {
            const { sessionID, messageID, agent, directory, worktree } = context;
            write({ tool: name, args: plain(args), context: { sessionID, messageID, agent, directory, worktree } });
            return tool.execute(args, context);
          },
        },
      ]),
    );
    return wrapped;
  },
};
