// The process Gemini CLI runs for each hook (`hooks/hooks.json`); the hook process's rules are
// hook-process/hook-main.ts's. It hands the hook to the session's MCP server when one listens; otherwise it
// opens the runtime itself.
import { runHookProcess } from "../../hook-process/hook-main.ts";
import { hostDir, hostLogLine } from "../../hook-process/host-log.ts";
import type { GeminiReply } from "./handle.ts";
import { HOST_FOLDER } from "./names.ts";

const logLine = (line: string) => hostLogLine(HOST_FOLDER, line);

export function main(): Promise<void> {
  return runHookProcess<GeminiReply>({
    folder: hostDir(HOST_FOLDER),
    logLine,
    goesOn: "the call",
    async inProcess(input) {
      const { runInProcess } = await import("./in-process.ts");
      return runInProcess(input, logLine);
    },
    output: (reply) => `${JSON.stringify(reply)}\n`,
  });
}
