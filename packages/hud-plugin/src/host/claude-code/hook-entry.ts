// The process Claude Code runs for each hook (`hooks/hooks.json`); the hook process's rules are
// hook-process/hook-main.ts's.
import { runHookProcess } from "../../hook-process/hook-main.ts";
import type { HookReply } from "./handle.ts";
import { logDir, logLine } from "./hook-log.ts";

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

export function main(): Promise<void> {
  const phases: Phases = { runtime: performance.now() };
  return runHookProcess<HookReply>({
    folder: logDir(),
    logLine,
    goesOn: "the turn",
    inProcess: (input) => inProcess(input, phases),
    output: (reply) =>
      reply.plain
        ? `${reply.text}\n`
        : `${JSON.stringify({ hookSpecificOutput: { hookEventName: reply.event, additionalContext: reply.text } })}\n`,
    atExit() {
      phases.exit = performance.now();
      if (process.env["AGENT_HUD_HOOK_PHASES"]) process.stderr.write(`agent-hud phases ${JSON.stringify(phases)}\n`);
    },
  });
}
