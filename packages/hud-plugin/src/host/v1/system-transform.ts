import { hashSystem, hashText } from "../../cache-ledger/hash.ts";
import { preamble } from "../../placement/preamble.ts";
import { wrapHud } from "../../placement/wrap-hud.ts";
import type { HookDeps } from "../../runtime/hook-deps.ts";
import { callHud } from "../../runtime/call-hud.ts";
import { hudOff } from "../../runtime/hud-switch.ts";
import { learnModel } from "../opencode/model-entries.ts";

// opencode's title call goes through the same hook; it gets nothing from the HUD.
const TITLE_MARKER = "You are a title generator";

export function systemTransform(deps: HookDeps) {
  const text = preamble(deps.config);
  return async (input: { sessionID?: string; model: unknown }, output: { system: string[] }): Promise<void> => {
    if (output.system.some((s) => s.includes(TITLE_MARKER))) return;
    const session = input.sessionID ? deps.runtime.session(input.sessionID) : undefined;
    session?.tracker.setLimits(learnModel(input.model, deps.limits, deps.ledger));
    // the compaction agent has its own system prompt and gets the HUD state through the compacting hook
    if (session?.takeCompaction("system")) return;
    // switched off, the request goes out as if the plugin were not installed: no instructions either
    if (!session || !hudOff(deps, session.id)) output.system.push(text);
    const own = new Set([text]);
    try {
      if (deps.config.placement !== "system" || !session) return;
      const hud = await callHud(deps, session);
      if (!hud) return;
      const part = wrapHud(hud.text);
      own.add(part);
      output.system.push(part);
      hud.placed();
    } finally {
      // the parts as they stand when agent-hud's hook ends, copied now: opencode may join the parts after
      // the hook, which would hide which one was agent-hud's. The array itself is read again once the answer
      // came: by then the plugins after agent-hud have added theirs, so their changes are seen too.
      const held = output.system.slice();
      const sent = output.system;
      if (session)
        deps.ledger?.requestMore(session, (e) => {
          e.system = hashSystem(held, own);
          e.systemSent = hashText(sent.join("\n"));
        });
    }
  };
}
