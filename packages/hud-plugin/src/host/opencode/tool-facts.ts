import type { ActivityEvent, FileFact, ShellFact } from "../../events/host-event.ts";

// What opencode 1 and 2 share: their built-in tools' names and arguments.

const PATCH_FILE = /^\*\*\* (?:Add|Update|Delete) File: (.+)$/gm;

/** File paths a built-in tool call read or changed, from its arguments. */
export function touchedFiles(tool: string, args: unknown): { path: string; edited: boolean }[] {
  const a = (args ?? {}) as { filePath?: unknown; patchText?: unknown };
  const filePath = typeof a.filePath === "string" && a.filePath.length > 0 ? a.filePath : undefined;
  switch (tool) {
    case "read":
      return filePath ? [{ path: filePath, edited: false }] : [];
    case "edit":
    case "write":
    case "multiedit":
      return filePath ? [{ path: filePath, edited: true }] : [];
    case "patch":
    case "apply_patch":
      if (typeof a.patchText !== "string") return [];
      return [...a.patchText.matchAll(PATCH_FILE)].map((m) => ({ path: m[1]!.trim(), edited: true }));
    default:
      return [];
  }
}

type ToolOutput = { output?: unknown; metadata?: unknown };

/** A finished bash call: its command, exit code (opencode reports it in the metadata) and output. */
export function shellFact(tool: string, args: unknown, result: unknown, at: number): ShellFact | undefined {
  if (tool !== "bash") return undefined;
  const { output, metadata } = (result ?? {}) as ToolOutput;
  const meta = (metadata ?? {}) as { output?: unknown; exit?: unknown };
  const raw = typeof output === "string" ? output : typeof meta.output === "string" ? meta.output : undefined;
  if (raw === undefined) return undefined;
  const command = (args as { command?: unknown } | null | undefined)?.command;
  return {
    kind: "shell",
    at,
    ...(typeof command === "string" ? { command } : {}),
    ...(Number.isSafeInteger(meta.exit) ? { exit: meta.exit as number } : {}),
    output: raw,
  };
}

/** `tool.execute.after` (V1) and `execute.after` (V2): what a finished call read, changed and printed. */
export function toolActivity(
  input: { tool: string; sessionID: string; args: unknown },
  output: unknown,
  at: number,
): ActivityEvent {
  const facts: Array<FileFact | ShellFact> = touchedFiles(input.tool, input.args).map((file) => ({
    kind: "file",
    at,
    ...file,
  }));
  const shell = shellFact(input.tool, input.args, output, at);
  if (shell) facts.push(shell);
  return { kind: "activity", session: input.sessionID, facts };
}
