import type { HostOperations } from "@agent-hud/hud-components";
import type { HookDeps } from "../runtime/hook-deps.ts";
import type { SessionRuntime } from "../runtime/session-runtime.ts";
import { answerHistory } from "./history.ts";
import { componentOperations } from "./component-operations.ts";

const RECALL_OFF =
  "recall is off for this project (recall.enabled: false in agent-hud.jsonc): nothing is indexed; the HUD and hud history still work";

/** The router's host-dependent operations for one session: everything that reads the plugin's stores. */
export function hostOperations(deps: HookDeps, session: SessionRuntime): HostOperations {
  const runtime = deps.runtime;
  return {
    history: (args) => answerHistory(runtime, session, args),
    resumeSource: () => runtime.resumeSource(session),
    ...componentOperations(runtime, session),
    ...(deps.recall
      ? {
          search: (args) => deps.recall!.search(runtime.deps.store, session.id, args),
          "messages.read": (args) => deps.recall!.read(runtime.deps.store, session.id, args),
          "compactions.list": () => deps.recall!.compactions(session.id),
        }
      : deps.config.recall.enabled
        ? {}
        : {
            search: () => `search: ${RECALL_OFF}`,
            "messages.read": () => `messages.read: ${RECALL_OFF}`,
            "compactions.list": () => `compactions.list: ${RECALL_OFF}`,
          }),
  };
}
