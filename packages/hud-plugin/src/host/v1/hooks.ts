import { hudToolJsonSchema } from "@agent-hud/hud-components";
import type { Hooks, PluginInput } from "@opencode-ai/plugin";
import { eventHook } from "../../hooks/event.ts";
import { guard } from "../../hooks/guard.ts";
import { messagesTransform } from "../../hooks/messages-transform.ts";
import { sessionCompacting } from "../../hooks/session-compacting.ts";
import { systemTransform } from "../../hooks/system-transform.ts";
import { toolExecuteAfter } from "../../hooks/tool-execute-after.ts";
import { openHud } from "../../runtime/open.ts";
import { hudCompactTool } from "../../tools/hud-compact.ts";
import { hudTool } from "../../tools/hud.ts";
import { defineTool } from "./define-tool.ts";

/** The V1 hooks of one plugin instance (one per opencode project directory). */
export async function createHooks(input: PluginInput, options?: Record<string, unknown>): Promise<Hooks> {
  const opened = openHud({ directory: input.directory, worktree: input.worktree, options, client: input.client });
  if (!opened) return {};
  const { deps, toast, dispose } = opened;
  const log = deps.log;
  const jsonSchema = hudToolJsonSchema();
  const system = systemTransform(deps);
  return {
    config: guard(log, "config", async (opencodeConfig: unknown) => {
      deps.limits.learnConfig(opencodeConfig);
      deps.ledger?.learnConfig(opencodeConfig);
    }),
    tool: { hud: defineTool(hudTool(deps, jsonSchema)), hud_compact: defineTool(hudCompactTool(deps)) },
    "tool.definition": guard(
      log,
      "tool.definition",
      async (hookInput: { toolID: string }, output: { description: string; parameters: unknown }) => {
        // opencode sends `jsonSchema` verbatim when set: the TypeBox-derived schema, not a zod approximation
        if (hookInput.toolID === "hud") (output as { jsonSchema?: unknown }).jsonSchema = jsonSchema;
      },
    ),
    "experimental.chat.system.transform": guard(log, "system transform", async (...args: Parameters<typeof system>) => {
      toast();
      return system(...args);
    }),
    "experimental.chat.messages.transform": guard(log, "messages transform", messagesTransform(deps) as never),
    "experimental.session.compacting": guard(log, "session.compacting", sessionCompacting(deps)),
    "tool.execute.after": guard(log, "tool.execute.after", toolExecuteAfter(deps, input.directory)),
    event: guard(log, "event", eventHook(deps, input.directory) as never),
    dispose: async () => dispose(),
  };
}
