// The process Codex runs for each hook (`hooks/hooks.json`); the hook process's rules are
// hook-process/hook-main.ts's.
import { runHookProcess } from "../../hook-process/hook-main.ts";
import type { HookReply } from "./handle.ts";
import { hostFolder, logLine } from "./link.ts";

export function main(): Promise<void> {
  return runHookProcess<HookReply>({
    folder: hostFolder(),
    logLine,
    goesOn: "the turn",
    async inProcess(input) {
      const { handleHook, createLogger } = await import("./in-process.ts");
      return handleHook(
        input,
        createLogger(undefined, (line) => logLine(line)),
      );
    },
    output: (reply) =>
      `${JSON.stringify({ hookSpecificOutput: { hookEventName: reply.event, additionalContext: reply.text } })}\n`,
  });
}
