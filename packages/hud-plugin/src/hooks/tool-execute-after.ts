import type { HudEvent } from "@agent-hud/hud-components";
import { displayPath, rememberEdit, touchedFiles } from "./files.ts";
import type { HookDeps } from "../runtime/hook-deps.ts";
import { bashResult } from "./tool-result.ts";

export function toolExecuteAfter(deps: HookDeps, directory: string) {
  return async (input: { tool: string; sessionID: string; args: unknown }, output?: unknown): Promise<void> => {
    const at = deps.now();
    const events: HudEvent[] = [];
    for (const file of touchedFiles(input.tool, input.args)) {
      const path = displayPath(directory, file.path);
      if (!file.edited) events.push({ kind: "file.open", at, path, action: "read" });
      else if (rememberEdit(deps, input.sessionID, path)) events.push({ kind: "file.edit", at, path });
    }
    const result = bashResult(input.tool, input.args, output, at, deps.redact.text);
    if (result) events.push(result);
    if (events.length === 0) return;
    const session = deps.runtime.session(input.sessionID);
    deps.runtime.record(
      session,
      events.map((event) => ({ scope: "session" as const, event })),
    );
  };
}
