import type { HudEvent } from "@agent-hud/hud-components";
import { displayPath, rememberEdit, touchedFiles } from "./files.ts";
import type { HookContext } from "./hook-context.ts";

export function toolExecuteAfter(ctx: HookContext, directory: string) {
  return async (input: { tool: string; sessionID: string; args: unknown }): Promise<void> => {
    const files = touchedFiles(input.tool, input.args);
    if (files.length === 0) return;
    const at = ctx.now();
    const events: HudEvent[] = [];
    for (const file of files) {
      const path = displayPath(directory, file.path);
      if (!file.edited) events.push({ kind: "file.open", at, path, action: "read" });
      else if (rememberEdit(ctx, path)) events.push({ kind: "file.edit", at, path });
    }
    if (events.length === 0) return;
    const session = ctx.runtime.session(input.sessionID);
    ctx.runtime.record(session, events.map((event) => ({ scope: "session" as const, event })));
  };
}
