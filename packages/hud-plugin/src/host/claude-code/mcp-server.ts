// The `hud` tool over MCP (`.mcp.json`, server `hud`): Claude Code starts it once per session and talks to
// it on stdin/stdout. It opens the same runtime as the hooks and answers with opencode's tool contract:
// the same help text, the same one-line errors (as an MCP error result), the same ids.
import { hudToolJsonSchema } from "@agent-hud/hud-components";
import { StdioTransport, ToolServer, type ToolResult } from "../mcp-stdio.ts";
import { createLogger, errorLine, type Logger } from "../../log/index.ts";
import { openHud, type OpenHud } from "../../runtime/open.ts";
import { defaultDir } from "../../store/index.ts";
import { hudTool } from "../../tools/hud.ts";
import { HUD_COMPACT_DESCRIPTION, hudCompactTool } from "../../tools/hud-compact.ts";
import { gitRoot } from "../../hook-process/git-root.ts";
import { serveHooks, stopOnClose } from "../../hook-process/hook-socket.ts";
import type { HookDeps } from "../../runtime/hook-deps.ts";
import { directoryOf, runHook, type HookInput, type HookReply } from "./handle.ts";
import { logDir, logLine } from "./hook-log.ts";
import { modActive } from "./mod-active.ts";
import { runOwnCall } from "../../append-only/own-calls.ts";
import { linkedSession } from "./process-link.ts";
import { dropModKey, writeModKey, type ModKey } from "./mod-key.ts";
import { answerMod, createModBridge, loadsMods, MOD_TOOL, MOD_TOOL_SPEC, type ModBridge } from "./mod-bridge.ts";

export const NO_SESSION =
  "hud: no Claude Code session is linked to this tool yet (the agent-hud hooks have not run); check `agent-hud doctor`";

export const NO_MOD =
  "hud_compact: agent-hud's Claude Code mod is not running in this session (it needs Claude Code 2.1.328 or later with mods on), so nothing could start the compaction; save your state with `hud` instead";

const CLAUDE_COMPACT_DESCRIPTION = HUD_COMPACT_DESCRIPTION.replace("opencode", "Claude Code");

/** The MCP server for one directory; `session()` names the Claude Code session a call belongs to. */
export function createHudServer(
  opened: OpenHud,
  session: () => string | undefined,
  bridge: ModBridge = createModBridge(),
): ToolServer {
  const spec = hudTool(opened.deps, hudToolJsonSchema());
  const compact = hudCompactTool(opened.deps);
  const server = new ToolServer({ name: "hud", version: "0.1.0" });
  server.setRequestHandler("tools/list", async () => ({
    tools: [
      {
        name: "hud",
        description: spec.description,
        inputSchema: spec.parameters as { type: "object" },
        // the per-tool form of the server's `alwaysLoad`, for a server entry written without it
        _meta: { "anthropic/alwaysLoad": true },
      },
      ...(loadsMods(server.getClientVersion()?.version)
        ? [
            {
              name: "hud_compact",
              description: CLAUDE_COMPACT_DESCRIPTION,
              inputSchema: { type: "object" as const, properties: {} },
              _meta: { "anthropic/alwaysLoad": true },
            },
            MOD_TOOL_SPEC,
          ]
        : []),
    ],
  }));
  server.setRequestHandler("tools/call", async (request): Promise<ToolResult> => {
    const fail = (text: string) => ({ content: [{ type: "text" as const, text }], isError: true });
    if (request.params.name === MOD_TOOL)
      try {
        const answer = await answerMod(opened.deps, bridge, request.params.arguments ?? {});
        return { content: [{ type: "text" as const, text: JSON.stringify(answer) }] };
      } catch (error) {
        return fail(errorLine(error));
      }
    if (request.params.name !== "hud" && request.params.name !== "hud_compact")
      return fail(`unknown tool ${JSON.stringify(request.params.name)}: this server has "hud" and "hud_compact"`);
    const sessionID = session();
    if (!sessionID) return fail(NO_SESSION);
    if (request.params.name === "hud_compact") {
      // the mod starts the compaction once the turn ends (`$.session.compact`); without it nothing would
      if (!bridge.hello) return fail(NO_MOD);
      try {
        return { content: [{ type: "text" as const, text: await compact.execute({}, { sessionID }) }] };
      } catch (error) {
        return fail(errorLine(error));
      }
    }
    try {
      const input = request.params.arguments ?? {};
      const text = await runOwnCall(opened.deps, sessionID, input["args"], () => spec.execute(input, { sessionID }));
      return { content: [{ type: "text" as const, text }] };
    } catch (error) {
      return fail(errorLine(error));
    }
  });
  return server;
}

/**
 * A forwarded hook on the server's open runtime: hooks of another project (under the same Claude Code
 * process) are skipped and run in-process; `onSession` follows the session of the latest hook.
 */
export function claudeHookAnswer(deps: HookDeps, worktree: string, onSession: (sessionID: string) => void) {
  return async (input: HookInput): Promise<{ reply?: HookReply | null; skip?: boolean }> => {
    if (gitRoot(directoryOf(input)) !== worktree) return { skip: true };
    if (typeof input.session_id === "string") onSession(input.session_id);
    return { reply: (await runHook(deps, input, process.env)) ?? null };
  };
}

export async function main(): Promise<void> {
  const directory = process.env["CLAUDE_PROJECT_DIR"] || process.cwd();
  const log: Logger = createLogger(undefined, (line) => logLine(line));
  // hud_compact works only through the mod, once it said hello
  const opened = openHud({ directory, worktree: gitRoot(directory), log, compactTool: () => modActive(process.env) });
  if (!opened) {
    logLine(`agent-hud is turned off for ${directory}; the hud MCP server exits`);
    return;
  }
  const dataDir = opened.deps.config.storageDir ?? defaultDir();
  // the session of the latest hook this server ran; before any, what the hooks' link files say
  let current: string | undefined;
  const hooks = serveHooks(
    logDir(),
    claudeHookAnswer(opened.deps, gitRoot(directory), (sessionID) => (current = sessionID)),
  );
  let key: ModKey | undefined;
  try {
    key = writeModKey(dataDir);
  } catch (error) {
    // the mod is refused then; the settings hooks carry the HUD as without it
    logLine(`agent-hud: the mod's key could not be written to ${dataDir}: ${String(error)}`);
  }
  const server = createHudServer(opened, () => current ?? linkedSession(dataDir), createModBridge(key));
  const transport = new StdioTransport();
  stopOnClose(
    hooks,
    () => {
      if (key) dropModKey(key);
      opened.dispose();
    },
    transport.ended,
  );
  await server.connect(transport);
}
