// The process Claude Code runs for each hook (`hooks/hooks.json`); the hook process's rules are
// hook-process/hook-main.ts's.
import { writeSync } from "node:fs";
import { runHookProcess } from "../../hook-process/hook-main.ts";
import type { HookReply } from "./handle.ts";
import { logDir, logLine } from "./hook-log.ts";

/**
 * Milliseconds since the process started at each step, and with them (`cpu`) the process's CPU time so far;
 * printed to stderr (never read by Claude Code on exit 0) when AGENT_HUD_HOOK_PHASES is set, for the
 * benchmark's phase-by-phase start path.
 */
export type Phases = {
  runtime?: number;
  import?: number;
  open?: number;
  render?: number;
  exit?: number;
  cpu?: Record<string, number>;
};

type Step = Exclude<keyof Phases, "cpu">;

function mark(phases: Phases, step: Step): void {
  phases[step] = performance.now();
  if (phases.cpu) {
    const { user, system } = process.cpuUsage();
    phases.cpu[step] = (user + system) / 1000;
  }
}

/** No MCP server listens for this session (not started yet, or gone): the hook opens the runtime itself. */
async function inProcess(input: Record<string, unknown>, phases: Phases) {
  const { handleHook, createLogger } = await import("./in-process.ts");
  const log = createLogger(undefined, (line) => logLine(line));
  mark(phases, "import");
  return handleHook(input, log, process.env, (step) => mark(phases, step));
}

export function main(): Promise<void> {
  const phases: Phases = process.env["AGENT_HUD_HOOK_PHASES"] ? { cpu: {} } : {};
  mark(phases, "runtime");
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
      mark(phases, "exit");
      // fd 2 directly: `process.stderr` would load node's stream machinery, which the measured hook then pays for
      if (process.env["AGENT_HUD_HOOK_PHASES"]) writeSync(2, `agent-hud phases ${JSON.stringify(phases)}\n`);
    },
  });
}
