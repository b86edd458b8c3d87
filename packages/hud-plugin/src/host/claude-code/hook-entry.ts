// The process Claude Code runs for each hook (`hooks/hooks.json`). It must never block or fail the turn:
// any error, a timeout or a broken database ends it with exit code 0 and no output, and one line in the
// hook log. The runtime is imported only after stdin is read, so a malformed call costs no more than that.
import { logLine } from "./hook-log.ts";

/** Past this the hook gives up on its own, well inside Claude Code's hook timeout. */
const DEADLINE_MS = 8_000;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function main(): Promise<void> {
  const timer = setTimeout(() => {
    logLine("hook timed out; the turn went on without the HUD");
    process.exit(0);
  }, DEADLINE_MS);
  try {
    const input = JSON.parse(await readStdin()) as Record<string, unknown>;
    const { handleHook } = await import("./handle.ts");
    const { createLogger } = await import("../../log/index.ts");
    const log = createLogger(undefined, (line) => logLine(line));
    const reply = await handleHook(input, log);
    if (reply) {
      const out = reply.plain
        ? `${reply.text}\n`
        : `${JSON.stringify({ hookSpecificOutput: { hookEventName: reply.event, additionalContext: reply.text } })}\n`;
      // a pipe takes the write later: exit only once it is through, or Claude Code reads half a line
      await new Promise<void>((resolve) => process.stdout.write(out, () => resolve()));
    }
  } catch (error) {
    logLine(`hook failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    clearTimeout(timer);
  }
  process.exit(0);
}
