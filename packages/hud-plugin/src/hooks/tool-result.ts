import type { HudEvent } from "@agent-hud/hud-components";

// The reducer keeps only the tail too; cutting here keeps megabyte outputs out of the event log.
const OUTPUT_TAIL = 1_000;
const COMMAND_MAX = 300;

type ToolOutput = { output?: unknown; metadata?: unknown };

/** Read past the cut, so that a secret the cut would split is still whole when the redactor sees it. */
const REDACT_MARGIN = 4_096;

/**
 * A `tool.result` event for a finished bash call: its command, exit code (opencode reports it in the
 * metadata) and the end of its output, where test runners print their summaries. Other tools: none.
 * The output is redacted before it is cut (the store redacts again; a cut token would no longer match).
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
  const text = redact(raw.length > OUTPUT_TAIL + REDACT_MARGIN ? raw.slice(-(OUTPUT_TAIL + REDACT_MARGIN)) : raw);
  const command = (args as { command?: unknown } | null | undefined)?.command;
  return {
    kind: "tool.result",
    tool,
    ...(typeof command === "string" && command.trim() ? { command: command.slice(0, COMMAND_MAX) } : {}),
    ...(Number.isSafeInteger(meta.exit) ? { exit: meta.exit as number } : {}),
    output: text.length > OUTPUT_TAIL ? text.slice(-OUTPUT_TAIL) : text,
    at,
  };
}
