// The process Codex runs for each hook (`hooks/hooks.json`). It must never block or fail the turn: any
// error, a timeout or a broken database ends it with exit code 0 and no output, and one line in the hook
// log. The runtime is imported only after stdin is read, so a malformed call costs no more than that.
import { logLine } from "./link.ts";

/** Past this the hook gives up on its own, inside the hook's timeout in `hooks.json`. */
const DEADLINE_MS = 8_000;

export async function main(): Promise<void> {
  const timer = setTimeout(() => {
    logLine("hook timed out; the turn went on without the HUD");
    process.exit(0);
  }, DEADLINE_MS);
  try {
    const input = JSON.parse(await Bun.stdin.text()) as Record<string, unknown>;
    const { handleHook } = await import("./handle.ts");
    const { createLogger } = await import("../../log/index.ts");
    const reply = await handleHook(
      input,
      createLogger(undefined, (line) => logLine(line)),
    );
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
