import type { HudEvent } from "@agent-hud/hud-components";
import { redactedHead, redactedTail } from "../privacy/redact-then-cut.ts";

// The reducer keeps only the tail too; cutting here keeps megabyte outputs out of the event log.
const OUTPUT_TAIL = 1_000;
const COMMAND_MAX = 300;

type ToolOutput = { output?: unknown; metadata?: unknown };

/**
 * A `tool.result` event for a finished bash call: its command, exit code (opencode reports it in the
 * metadata) and the end of its output, where test runners print their summaries. Other tools: none.
 * The command and the output are redacted before they are cut (the store redacts again; a cut token
 * would no longer match).
 */
export function bashResult(
  tool: string,
  args: unknown,
  result: unknown,
  at: number,
  redact: (text: string) => string = (text) => text,
): HudEvent | undefined {
  if (tool !== "bash") return undefined;
  const { output, metadata } = (result ?? {}) as ToolOutput;
  const meta = (metadata ?? {}) as { output?: unknown; exit?: unknown };
  const raw = typeof output === "string" ? output : typeof meta.output === "string" ? meta.output : undefined;
  if (raw === undefined) return undefined;
  const command = (args as { command?: unknown } | null | undefined)?.command;
  return {
    kind: "tool.result",
    tool,
    ...(typeof command === "string" && command.trim() ? { command: redactedHead(command, COMMAND_MAX, redact) } : {}),
    ...(Number.isSafeInteger(meta.exit) ? { exit: meta.exit as number } : {}),
    output: redactedTail(raw, OUTPUT_TAIL, redact),
    at,
  };
}
