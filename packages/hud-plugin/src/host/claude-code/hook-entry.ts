// The process Claude Code runs for each hook (`hooks/hooks.json`). It must never block or fail the turn:
// any error, a timeout or a broken database ends it with exit code 0 and no output, and one line in the
// hook log. The runtime is imported only after stdin is read, so a malformed call costs no more than that.
import { forward } from "../../hook-process/forward.ts";
import type { HookReply } from "./handle.ts";
import { logDir, logLine } from "./hook-log.ts";

/** Past this the hook gives up on its own, well inside Claude Code's hook timeout. */
const DEADLINE_MS = 8_000;

// Bun's own stdin and stdout: `process.stdin`/`process.stdout` would load node's stream machinery, which
// costs a first hook more than the read and the write themselves.
const readStdin = (): Promise<string> => Bun.stdin.text();

/**
 * Milliseconds since the process started at each step; printed to stderr (never read by Claude Code on exit
 * 0) when AGENT_HUD_HOOK_PHASES is set, for the benchmark's phase-by-phase start path.
 */
export type Phases = { runtime?: number; import?: number; open?: number; render?: number; exit?: number };

/** No MCP server listens for this session (not started yet, or gone): the hook opens the runtime itself. */
async function inProcess(input: Record<string, unknown>, phases: Phases) {
  const { handleHook } = await import("./handle.ts");
  const { createLogger } = await import("../../log/index.ts");
  const log = createLogger(undefined, (line) => logLine(line));
  phases.import = performance.now();
  return handleHook(input, log, process.env, phases);
}

export async function main(): Promise<void> {
  const phases: Phases = { runtime: performance.now() };
  const timer = setTimeout(() => {
    logLine("hook timed out; the turn went on without the HUD");
    process.exit(0);
  }, DEADLINE_MS);
  try {
    const raw = await readStdin();
    const input = JSON.parse(raw) as Record<string, unknown>;
    const forwarded = await forward<HookReply>(raw, logDir());
    if (forwarded?.error) logLine(`hook failed in the hud MCP server: ${forwarded.error}`);
    const reply = forwarded ? forwarded.reply : await inProcess(input, phases);
    if (reply) {
      const out = reply.plain
        ? `${reply.text}\n`
        : `${JSON.stringify({ hookSpecificOutput: { hookEventName: reply.event, additionalContext: reply.text } })}\n`;
      // a pipe takes the write later: exit only once it is through, or Claude Code reads half a line
      await Bun.write(Bun.stdout, out);
    }
  } catch (error) {
    logLine(`hook failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    clearTimeout(timer);
  }
  phases.exit = performance.now();
  if (process.env["AGENT_HUD_HOOK_PHASES"]) process.stderr.write(`agent-hud phases ${JSON.stringify(phases)}\n`);
  process.exit(0);
}
