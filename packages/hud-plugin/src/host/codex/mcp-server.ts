// The `hud` tool over MCP (`.mcp.json`, server `hud`): Codex starts it with the session and talks to it on
// stdin/stdout. Codex gives it no session and no project, so both come from the latest hook of the same
// Codex process: one forwarded to it (`serveHooks`), else an in-process hook's link file (`link.ts`); the
// runtime opens for that project on first need and again whenever the hooks name another.
import { hudToolJsonSchema } from "@agent-hud/hud-components";
import { StdioTransport, ToolServer, type ToolResult } from "../mcp-stdio.ts";
import { gitRoot } from "../../hook-process/git-root.ts";
import { runOwnCall } from "../../append-only/own-calls.ts";
import { createLogger, errorLine } from "../../log/index.ts";
import { openHud, type OpenHud } from "../../runtime/open.ts";
import { HUD_DESCRIPTION, hudTool } from "../../tools/hud.ts";
import { serveHooks as serveSocket, stopOnClose } from "../../hook-process/hook-socket.ts";
import { validateSessionID } from "../../store/index.ts";
import { directoryOf, isHookEvent, run, type HookInput, type HookReply } from "./handle.ts";
import { FOLDER, hostFolder, logLine, readLink, type Link } from "./link.ts";

export const NO_SESSION =
  "hud: no Codex session is linked to this tool yet (the agent-hud hooks have not run: Codex runs a plugin's hooks only once you trust them in its hooks review); check `agent-hud doctor`";

export function createCodexServer(
  link: () => Link | undefined = () => readLink(),
  runtimeFor: ReturnType<typeof runtimes> = runtimes(),
): ToolServer {
  const schema = hudToolJsonSchema();
  const server = new ToolServer({ name: "hud", version: "0.1.0" });
  server.setRequestHandler("tools/list", async () => ({
    tools: [{ name: "hud", description: HUD_DESCRIPTION, inputSchema: schema as { type: "object" } }],
  }));
  server.setRequestHandler("tools/call", async (request): Promise<ToolResult> => {
    const fail = (text: string) => ({ content: [{ type: "text" as const, text }], isError: true });
    if (request.params.name !== "hud")
      return fail(`unknown tool ${JSON.stringify(request.params.name)}: this server has "hud"`);
    const current = link();
    if (!current) return fail(NO_SESSION);
    try {
      const hud = runtimeFor(current.directory);
      if (!hud) return fail(`hud: agent-hud is turned off for ${current.directory}`);
      const spec = hudTool(hud.deps, schema);
      const input = request.params.arguments ?? {};
      const sessionID = current.session;
      const text = await runOwnCall(
        hud.deps,
        sessionID,
        input["args"],
        () => spec.execute(input, { sessionID }),
        FOLDER,
      );
      return { content: [{ type: "text" as const, text }] };
    } catch (error) {
      return fail(errorLine(error));
    }
  });
  server.onclose = () => runtimeFor.dispose();
  return server;
}

/** The runtime for the project the hooks name, opened on first need and again when they name another. */
export function runtimes() {
  const log = createLogger(undefined, (line) => logLine(line));
  let opened: OpenHud | undefined;
  const runtimeFor = (directory: string) => {
    if (opened?.directory !== directory) {
      opened?.dispose();
      opened = openHud({ directory, worktree: gitRoot(directory), log });
    }
    return opened;
  };
  return Object.assign(runtimeFor, { dispose: () => opened?.dispose() });
}

/**
 * The hooks of this server's Codex process, forwarded (`hook-entry.ts`): run on the open runtime, one at a
 * time; the latest one names the session and the project the `hud` tool serves.
 */
export function serveHooks(runtimeFor: ReturnType<typeof runtimes>, onLink: (link: Link) => void) {
  return serveSocket<HookReply>(hostFolder(), async (raw) => {
    const input = raw as HookInput;
    if (!isHookEvent(input.hook_event_name)) return { reply: null };
    const directory = directoryOf(input);
    const opened = runtimeFor(directory);
    if (!opened) return { reply: null };
    onLink({ session: validateSessionID(input.session_id), directory });
    return { reply: (await run(opened.deps, directory, String(input.hook_event_name), input)) ?? null };
  });
}

export async function main(): Promise<void> {
  // the session of the latest hook this server ran; before any, what an in-process hook's link file says
  let current: Link | undefined;
  const runtimeFor = runtimes();
  const hooks = serveHooks(runtimeFor, (link) => (current = link));
  const server = createCodexServer(() => current ?? readLink(), runtimeFor);
  const transport = new StdioTransport();
  stopOnClose(hooks, () => runtimeFor.dispose(), transport.ended);
  await server.connect(transport);
}
