import { hudToolJsonSchema } from "@agent-hud/hud-components";
import type { Hooks, PluginInput } from "@opencode-ai/plugin";
import { applyEvents } from "../../hooks/apply-event.ts";
import { guard } from "../../hooks/guard.ts";
import { compactionFraming, compactionSnapshot } from "../../hooks/session-compacting.ts";
import { openHud } from "../../runtime/open.ts";
import { hudCompactTool } from "../../tools/hud-compact.ts";
import { hudTool } from "../../tools/hud.ts";
import { learnConfig } from "../opencode/model-entries.ts";
import { toolActivity } from "../opencode/tool-facts.ts";
import { defineTool } from "./define-tool.ts";
import { eventHook, type MessagesClient } from "./event-hook.ts";
import { opencodeHistory, type HistoryClient } from "./history.ts";
import { messagesTransform } from "./messages-transform.ts";
import { clientServices } from "./services.ts";
import { systemTransform } from "./system-transform.ts";

/** The V1 hooks of one plugin instance (one per opencode project directory). */
export async function createHooks(input: PluginInput, options?: Record<string, unknown>): Promise<Hooks> {
  const opened = openHud({
    directory: input.directory,
    worktree: input.worktree,
    options,
    ...clientServices(input.client),
    history: opencodeHistory(input.client as unknown as HistoryClient),
  });
  if (!opened) return {};
  const { deps, toast, dispose } = opened;
  const log = deps.log;
  const apply = applyEvents(deps, input.directory);
  const jsonSchema = hudToolJsonSchema();
  const system = systemTransform(deps);
  return {
    config: guard(log, "config", async (opencodeConfig: unknown) => {
      learnConfig(opencodeConfig, deps.limits, deps.ledger);
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
    "experimental.session.compacting": guard(
      log,
      "session.compacting",
      async (hookInput: { sessionID: string }, output: { context: string[] }) => {
        const snapshot = compactionSnapshot(deps, hookInput.sessionID);
        if (snapshot !== undefined) output.context.push(compactionFraming(snapshot));
      },
    ),
    "tool.execute.after": guard(
      log,
      "tool.execute.after",
      async (hookInput: { tool: string; sessionID: string; args: unknown }, output: unknown) =>
        apply(toolActivity(hookInput, output, deps.now())),
    ),
    event: guard(log, "event", eventHook(deps, input.directory, input.client as unknown as MessagesClient) as never),
    dispose: async () => dispose(),
  };
}
