// The process Codex runs for each hook (`hooks/hooks.json`). It must never block or fail the turn: any
// error, a timeout or a broken database ends it with exit code 0 and no output, and one line in the hook
// log. The runtime is imported only after stdin is read, so a malformed call costs no more than that.
import { forward } from "../../hook-process/forward.ts";
import type { HookReply } from "./handle.ts";
import { hostFolder, logLine } from "./link.ts";

/** Past this the hook gives up on its own, inside the hook's timeout in `hooks.json`. */
const DEADLINE_MS = 8_000;

/** No MCP server listens yet (a session's first hooks): the hook opens the runtime itself. */
async function inProcess(input: Record<string, unknown>) {
  const { handleHook } = await import("./handle.ts");
  const { createLogger } = await import("../../log/index.ts");
  return handleHook(
    input,
    createLogger(undefined, (line) => logLine(line)),
  );
}

export async function main(): Promise<void> {
  const timer = setTimeout(() => {
    logLine("hook timed out; the turn went on without the HUD");
    process.exit(0);
  }, DEADLINE_MS);
  try {
    const raw = await Bun.stdin.text();
    const input = JSON.parse(raw) as Record<string, unknown>;
    // the session's MCP server has the runtime open and runs hooks one at a time: a hook it takes costs a
    // socket round trip, and two hooks of parallel tool calls never write the session's record at once
    const forwarded = await forward<HookReply>(raw, hostFolder());
    if (forwarded?.error) logLine(`hook failed in the hud MCP server: ${forwarded.error}`);
    const reply = forwarded ? forwarded.reply : await inProcess(input);
    if (reply) {
      const out = { hookSpecificOutput: { hookEventName: reply.event, additionalContext: reply.text } };
      // a pipe takes the write later: exit only once it is through
      await Bun.write(Bun.stdout, `${JSON.stringify(out)}\n`);
    }
  } catch (error) {
    logLine(`hook failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    clearTimeout(timer);
  }
  process.exit(0);
}
