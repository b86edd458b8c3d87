import type { HudEvent } from "@agent-hud/hud-components";
import type { ShellFact } from "../events/host-event.ts";
import { redactedHead, redactedTail } from "../privacy/redact-then-cut.ts";

// The reducer keeps only the tail too; cutting here keeps megabyte outputs out of the event log.
const OUTPUT_TAIL = 1_000;
const COMMAND_MAX = 300;

/**
 * A `tool.result` event for a finished shell command: its command, exit code and the end of its output,
 * where test runners print their summaries. The command and the output are redacted before they are cut
 * (the store redacts again; a cut token would no longer match).
 */
export function shellResult(fact: ShellFact, redact: (text: string) => string = (text) => text): HudEvent {
  const command = fact.command;
  return {
    kind: "tool.result",
    tool: "bash",
    ...(typeof command === "string" && command.trim() ? { command: redactedHead(command, COMMAND_MAX, redact) } : {}),
    ...(Number.isSafeInteger(fact.exit) ? { exit: fact.exit as number } : {}),
    output: redactedTail(fact.output, OUTPUT_TAIL, redact),
    at: fact.at,
  };
}
