import type { RenderResult } from "@agent-hud/hud-components";
import type { HookDeps } from "./hook-deps.ts";
import type { SessionRuntime } from "./session-runtime.ts";
import { hudOff } from "./hud-switch.ts";

/** What a host places in a model call: the HUD's text, and the render it came from. */
export type CallHud = {
  result: RenderResult;
  /** The markdown, with the ledger's line when the person shows it to the agent. */
  text: string;
  /**
   * The host placed the text: the person's views record it as what the agent received, after the hook
   * returns (the call never waits for them), or `now` where the hook's process ends with the hook.
   */
  placed(when?: "later" | "now"): void;
};

/**
 * The one per-call sequence every host runs before it places the HUD: the person's switch, the memory
 * file's sync, the render (which reads the components' last renders, never waits for the sandbox), the
 * ledger's line, and the person's views once the host placed it. Hosts only decide where the text goes. Undefined: nothing to place
 * (switched off, or no render).
 */
export async function callHud(deps: HookDeps, session: SessionRuntime): Promise<CallHud | undefined> {
  // switched off by the person: the call goes out as if the HUD did not exist
  if (hudOff(deps, session.id)) return undefined;
  await deps.runtime.syncMemoryFile();
  const result = await deps.runtime.renderCall(session);
  if (!result) return undefined;
  const line = deps.config.cacheLedger.showToAgent ? deps.ledger?.line(session) : undefined;
  const text = line ? `${result.markdown.trimEnd()}\n\n${line}` : result.markdown;
  const input = session.lastInput;
  const placed = (when: "later" | "now" = "later") =>
    when === "now"
      ? deps.publisher.publish(session.id, ["received", "current"], result, input)
      : deps.publisher.publishLater(session.id, ["received", "current"], result, input);
  return { result, text, placed };
}
