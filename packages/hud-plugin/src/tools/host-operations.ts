import type { HostOperations } from "@agent-hud/hud-components";
import type { HookContext } from "../runtime/hook-context.ts";
import type { SessionRuntime } from "../runtime/session-runtime.ts";
import { answerHistory } from "./history.ts";
import { componentOperations } from "./component-operations.ts";

const RECALL_OFF =
  "recall is off for this project (recall.enabled: false in agent-hud.jsonc): nothing is indexed; the HUD and hud history still work";

/** The router's host-dependent operations for one session: everything that reads the plugin's stores. */
export function hostOperations(ctx: HookContext, session: SessionRuntime): HostOperations {
  const runtime = ctx.runtime;
  return {
    history: (args) => answerHistory(runtime, session, args),
    resumeSource: () => runtime.resumeSource(session),
    ...componentOperations(runtime, session),
    ...(ctx.recall
      ? {
          search: (args) => ctx.recall!.search(runtime.deps.store, session.id, args),
          "messages.read": (args) => ctx.recall!.read(runtime.deps.store, session.id, args),
          "compactions.list": () => ctx.recall!.compactions(session.id),
        }
      : ctx.config.recall.enabled
        ? {}
        : {
            search: () => `search: ${RECALL_OFF}`,
            "messages.read": () => `messages.read: ${RECALL_OFF}`,
            "compactions.list": () => `compactions.list: ${RECALL_OFF}`,
          }),
  };
}
