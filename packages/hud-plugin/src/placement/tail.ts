import type { HookDeps } from "../runtime/hook-deps.ts";
import { callHud } from "../runtime/call-hud.ts";
import type { SessionRuntime } from "../runtime/session-runtime.ts";
import { wrapHud } from "./wrap-hud.ts";

/**
 * The request-rewriting family's step for one model call (opencode 1's messages transform, Gemini CLI's
 * BeforeModel): the HUD, wrapped, goes in as the request's last content and never into the history, so
 * every earlier content stays byte-identical and the cached prefix survives. The host only says how its
 * request takes a trailing text (`place`: false when it could not); the person's views record the HUD as
 * received only once it was placed (`when`: "now" where the hook's process ends with the hook).
 */
export async function placeAtTail(
  deps: HookDeps,
  session: SessionRuntime,
  place: (text: string) => boolean,
  when: "later" | "now" = "later",
): Promise<boolean> {
  const hud = await callHud(deps, session);
  if (!hud || !place(wrapHud(hud.text))) return false;
  hud.placed(when);
  return true;
}
