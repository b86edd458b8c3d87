import { hudToolJsonSchema } from "@agent-hud/hud-components";
import type { Hooks, PluginInput } from "@opencode-ai/plugin";
import { dirname } from "node:path";
import { HudBoard } from "./board/index.ts";
import { loadConfig } from "./config/index.ts";
import { showProblems } from "./config/show-problems.ts";
import { eventHook } from "./hooks/event.ts";
import { guard } from "./hooks/guard.ts";
import type { HookContext, HudClient } from "./hooks/hook-context.ts";
import type { ToastClient } from "./config/show-problems.ts";
import { messagesTransform } from "./hooks/messages-transform.ts";
import { sessionCompacting } from "./hooks/session-compacting.ts";
import { systemTransform } from "./hooks/system-transform.ts";
import { toolExecuteAfter } from "./hooks/tool-execute-after.ts";
import { ModelLimitsBook } from "./context/index.ts";
import { createLogger, errorLine, type AppLogClient } from "./log/index.ts";
import { createRedactor, redactingLog } from "./privacy/index.ts";
import { HudRuntime } from "./runtime/hud-runtime.ts";
import { Recall, scheduleLogRetention } from "./recall/index.ts";
import { defaultDir, EventStore, projectKeyFor } from "./store/index.ts";
import { hudCompactTool } from "./tools/hud-compact.ts";
import { hudTool } from "./tools/hud.ts";

/** Assembles the hooks of one plugin instance (one per opencode project directory). */
export async function createHooks(input: PluginInput, options?: Record<string, unknown>): Promise<Hooks> {
  const log = createLogger(input.client as unknown as AppLogClient);
  const { config, problems } = loadConfig(input.directory, options);
  for (const problem of problems) log.once(`config:${problem.message}`, "warn", problem.message);
  if (!config.enabled) {
    log.log("info", `agent-hud is turned off for ${input.directory} (enabled: false)`);
    return {};
  }
  const toast = showProblems(input.client as unknown as ToastClient, problems, (line) =>
    log.once("toast", "info", line),
  );
  const now = () => Date.now();
  // opencode reports "/" as the worktree of a directory outside any git repository
  const worktree = input.worktree && input.worktree !== "/" ? input.worktree : input.directory;
  const store = EventStore.open({
    ...(config.storageDir ? { dir: config.storageDir } : {}),
    log: (level, msg, extra) => log.log(level, `agent-hud store: ${msg}`, extra),
  });
  const projectKey = projectKeyFor(worktree);
  const redactor = createRedactor(config.privacy, (error) =>
    log.once(
      "privacy:rules",
      "warn",
      `agent-hud privacy: rule set not loaded (${errorLine(error)}); long tokens are all redacted`,
    ),
  );
  const runtime = new HudRuntime({
    store: redactingLog(store, redactor),
    config,
    log,
    directory: input.directory,
    projectKey,
    now,
    worktree,
    redact: redactor.deep,
  });
  // the memory file may have changed while no opencode ran (a pull, a checkout): read it in before any call
  runtime.memory?.read();
  const recall = config.recall.enabled
    ? Recall.open({
        dir: dirname(store.path),
        projectKey,
        retentionDays: config.retentionDays,
        log,
        now,
        client: input.client as unknown as HudClient,
        eventLog: store.path,
        redact: redactor.text,
      })
    : undefined;
  recall?.start();
  if (!recall && !config.recall.enabled)
    scheduleLogRetention(store.path, config.retentionDays, now, (error) =>
      log.log("warn", `agent-hud: retention of the hud log failed: ${errorLine(error)}`),
    );
  const board = HudBoard.open(config.storageDir ?? defaultDir(), (level, message) => log.once(message, level, message));
  const ctx: HookContext = {
    recall,
    runtime,
    config,
    log,
    client: input.client as unknown as HudClient,
    now,
    lastActive: { sessionID: undefined },
    limits: new ModelLimitsBook(),
    recentEdits: new Map(),
    board,
    projectKey,
    redact: redactor,
  };
  // bun:sqlite is synchronous, so the queued turn and touch writes can still be made while the process exits
  const flushOnExit = () => runtime.flushDeferred();
  process.on("exit", flushOnExit);
  const jsonSchema = hudToolJsonSchema();
  const system = systemTransform(ctx);
  return {
    config: guard(log, "config", async (opencodeConfig: unknown) => ctx.limits.learnConfig(opencodeConfig)),
    tool: { hud: hudTool(ctx, jsonSchema), hud_compact: hudCompactTool(ctx) },
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
    "experimental.chat.messages.transform": guard(log, "messages transform", messagesTransform(ctx) as never),
    "experimental.session.compacting": guard(log, "session.compacting", sessionCompacting(ctx)),
    "tool.execute.after": guard(log, "tool.execute.after", toolExecuteAfter(ctx, input.directory)),
    event: guard(log, "event", eventHook(ctx, input.directory) as never),
    dispose: async () => {
      process.off("exit", flushOnExit);
      runtime.dispose();
      recall?.close();
      store.close();
      board.close();
    },
  };
}
