// The `hud` tool over MCP (the extension's `mcpServers.hud`): Gemini CLI starts it once per session and talks
// to it on stdin/stdout; the model sees it as `mcp_hud_hud`. It also runs the session's hooks, handed over a
// unix socket (`../../hook-process/`), on the runtime it holds open, so a hook process loads nothing else.
import { hudToolJsonSchema } from "@agent-hud/hud-components";
import { StdioTransport, ToolServer, type ToolResult } from "../mcp-stdio.ts";
import { gitRoot } from "../../hook-process/git-root.ts";
import { serveHooks, stopOnClose } from "../../hook-process/hook-socket.ts";
import { hostDir, hostLogLine } from "../../hook-process/host-log.ts";
import { createLogger, errorLine } from "../../log/index.ts";
import type { HookDeps } from "../../runtime/hook-deps.ts";
import { openHud, type OpenHud } from "../../runtime/open.ts";
import { hudTool } from "../../tools/hud.ts";
import { directoryOf, newMemory, runGeminiHook, type GeminiHookInput, type GeminiMemory } from "./handle.ts";
import { HOST_FOLDER } from "./names.ts";

export const NO_SESSION =
  "hud: no Gemini CLI session is linked to this tool yet (the agent-hud hooks have not run); check `agent-hud doctor`";

/** The MCP server for one project; `session()` names the Gemini CLI session a call belongs to. */
export function createGeminiServer(opened: OpenHud, session: () => string | undefined): ToolServer {
  const spec = hudTool(opened.deps, hudToolJsonSchema());
  const server = new ToolServer({ name: "hud", version: "0.1.0" });
  server.setRequestHandler("tools/list", async () => ({
    tools: [{ name: "hud", description: spec.description, inputSchema: spec.parameters as { type: "object" } }],
  }));
  server.setRequestHandler("tools/call", async (request): Promise<ToolResult> => {
    const fail = (text: string) => ({ content: [{ type: "text" as const, text }], isError: true });
    if (request.params.name !== "hud")
      return fail(`unknown tool ${JSON.stringify(request.params.name)}: this server has "hud"`);
    const sessionID = session();
    if (!sessionID) return fail(NO_SESSION);
    try {
      return {
        content: [{ type: "text" as const, text: await spec.execute(request.params.arguments ?? {}, { sessionID }) }],
      };
    } catch (error) {
      return fail(errorLine(error));
    }
  });
  return server;
}

/**
 * A forwarded hook on the server's open runtime, with what the session's earlier hooks left (where the
 * session file was read to): hooks of another project under the same Gemini CLI are skipped and run in-process.
 */
export function geminiHookAnswer(deps: HookDeps, worktree: string, onSession: (sessionID: string) => void) {
  const memories = new Map<string, GeminiMemory>();
  return async (input: GeminiHookInput) => {
    if (gitRoot(directoryOf(input)) !== worktree) return { skip: true };
    const id = typeof input.session_id === "string" ? input.session_id : "";
    if (id) onSession(id);
    let memory = memories.get(id);
    if (!memory) memories.set(id, (memory = newMemory("later")));
    return { reply: (await runGeminiHook(deps, input, memory)) ?? null };
  };
}

export async function main(): Promise<void> {
  const set = process.env["AGENT_HUD_PROJECT_DIR"];
  const directory = set && !set.includes("${") ? set : process.cwd();
  const logLine = (line: string) => hostLogLine(HOST_FOLDER, line);
  const opened = openHud({ directory, worktree: gitRoot(directory), log: createLogger(undefined, logLine) });
  if (!opened) {
    logLine(`agent-hud is turned off for ${directory}; the hud MCP server exits`);
    return;
  }
  // the session of the latest hook this server ran
  let current: string | undefined;
  const hooks = serveHooks(
    hostDir(HOST_FOLDER),
    geminiHookAnswer(opened.deps, gitRoot(directory), (id) => (current = id)),
  );
  const server = createGeminiServer(opened, () => current);
  const transport = new StdioTransport();
  stopOnClose(hooks, () => opened.dispose(), transport.ended);
  await server.connect(transport);
}
