import { gitRoot } from "../../hook-process/git-root.ts";
import { createLogger } from "../../log/index.ts";
import { openHud } from "../../runtime/open.ts";
import { directoryOf, newMemory, runGeminiHook, type GeminiHookInput, type GeminiReply } from "./handle.ts";

/**
 * A hook with no MCP server to hand it to (not started yet, or gone): the runtime opened for this one hook.
 * Component files and agent components show their stored renders; nothing of a component is evaluated here.
 */
export async function runInProcess(
  input: GeminiHookInput,
  logLine: (line: string) => void,
): Promise<GeminiReply | undefined> {
  const directory = directoryOf(input);
  const log = createLogger(undefined, (line) => logLine(line));
  const opened = openHud({ directory, worktree: gitRoot(directory), log, storedRendersOnly: true });
  if (!opened) return undefined;
  try {
    return await runGeminiHook(opened.deps, input, newMemory("now"));
  } finally {
    opened.dispose();
  }
}
