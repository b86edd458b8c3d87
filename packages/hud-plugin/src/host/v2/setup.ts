import { hudToolJsonSchema } from "@agent-hud/hud-components";
import { applyEvents } from "../../hooks/apply-event.ts";
import { guard } from "../../hooks/guard.ts";
import type { ModelLimitsBook } from "../../context/index.ts";
import { errorLine, type Logger } from "../../log/index.ts";
import { openHud } from "../../runtime/open.ts";
import { hudCompactTool } from "../../tools/hud-compact.ts";
import { hudTool } from "../../tools/hud.ts";
import type { ToolSpec } from "../../tools/tool-spec.ts";
import { learnModel } from "../opencode/model-entries.ts";
import { compactionHook, contextHook, executeAfterHook } from "./hooks.ts";
import { normalize } from "./normalize.ts";
import { probe, registrationOnly, type Registration, type V2Host } from "./host-api.ts";

/** Instances opened by `setup` in this process, by directory: a second pass must not open the stores twice. */
const open = new Set<string>();

/**
 * What an opencode 2 host calls. A V1 host (1.17.10 and later) also calls it, with a registration-only
 * context, beside `server`: then it does nothing, so one process never holds two handles on one database.
 */
export async function setup(host: V2Host): Promise<(() => Promise<void>) | void> {
  if (registrationOnly(host)) return;
  const directory = host.location?.directory ?? process.cwd();
  if (open.has(directory)) return;
  const opened = openHud({ directory, worktree: host.location?.project?.directory, options: host.options });
  if (!opened) return;
  open.add(directory);
  const { deps: hud, toast, dispose } = opened;
  const log = hud.log;
  const { missing } = probe(host);
  if (missing.length > 0)
    log.log("warn", `agent-hud: this opencode 2 host has no ${missing.join(", ")}; those parts of the HUD are off`);
  const registrations: Registration[] = [];
  const keep = (registration: Promise<Registration> | undefined) =>
    registration?.then((r) => registrations.push(r)).catch((e) => log.log("error", `agent-hud: ${errorLine(e)}`));

  await learnLimits(host, hud.limits, log);
  await keep(host.session?.hook?.("context", guard(log, "context", contextHook(hud, toast))));
  await keep(host.session?.hook?.("compaction", guard(log, "compaction", compactionHook(hud))));
  await keep(host.tool?.hook?.("execute.after", guard(log, "execute.after", executeAfterHook(hud, directory))));
  const tools = { hud: hudTool(hud, hudToolJsonSchema()), hud_compact: hudCompactTool(hud) };
  await keep(
    host.tool?.transform?.((editor) => Object.entries(tools).forEach(([name, spec]) => editor.add(v2Tool(name, spec)))),
  );

  const stop = new AbortController();
  const onEvent = guard(log, "event", applyEvents(hud, directory));
  const state = { toolNames: new Map<string, string>(), now: hud.now };
  if (host.event?.subscribe)
    void (async () => {
      for await (const frame of host.event!.subscribe!({ signal: stop.signal }))
        for (const event of normalize(frame, state)) await onEvent(event);
    })().catch((e) => {
      if (!stop.signal.aborted) log.log("error", `agent-hud: the event stream ended: ${errorLine(e)}`);
    });

  return async () => {
    stop.abort();
    for (const r of registrations) await r.dispose();
    dispose();
    open.delete(directory);
  };
}

/** A runtime tool as V2 registers it: JSON Schema input, and out of codemode so the model calls it directly. */
function v2Tool(name: string, spec: ToolSpec) {
  return {
    name,
    description: spec.description,
    input: spec.parameters,
    options: { codemode: false },
    execute: async (input: unknown, context: { sessionID: string }) => ({
      content: await spec.execute(input, { sessionID: context.sessionID }),
    }),
  };
}

async function learnLimits(host: V2Host, limits: ModelLimitsBook, log: Logger) {
  try {
    const list = await host.model?.list?.();
    const models = Array.isArray(list) ? list : ((list as { data?: unknown[] } | undefined)?.data ?? []);
    for (const model of models) learnModel(model, limits);
  } catch (error) {
    log.log("warn", `agent-hud: model.list failed, context limits come later: ${errorLine(error)}`);
  }
}
