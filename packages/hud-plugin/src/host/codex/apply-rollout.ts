import { isAbsolute, join } from "node:path";
import type { FileFact, HostEvent, ShellFact } from "../../events/host-event.ts";
import { OWN_TOOLS } from "../../events/host-event.ts";
import { recordActivity } from "../../hooks/apply-event.ts";
import type { HookDeps } from "../../runtime/hook-deps.ts";
import type { SessionRuntime } from "../../runtime/session-runtime.ts";
import type { RolloutCall, RolloutChunk, RolloutResult } from "./rollout.ts";

/** One of the HUD's own MCP tools: `hud` in an `mcp__…` namespace, or the joined `mcp__<server>__hud`. */
export function isOwnTool(call: Pick<RolloutCall, "name" | "namespace">): boolean {
  if (call.namespace?.startsWith("mcp__")) return OWN_TOOLS.has(call.name);
  return call.name.startsWith("mcp__") && OWN_TOOLS.has(call.name.split("__").at(-1)!);
}

/** The name the agent saw, as PostToolUse gives it: `mcp__<server>__<tool>` for an MCP tool. */
export const toolName = (call: Pick<RolloutCall, "name" | "namespace">): string =>
  call.namespace ? `${call.namespace}__${call.name}` : call.name;

/** `apply_patch`'s file headers: `*** Add File: path`, `*** Update File: path`, `*** Delete File: path`. */
const PATCH_FILE = /^\*\*\* (?:Add|Update|Delete) File: (.+)$/gm;

/** The exit code Codex's `exec_command` output states ("Process exited with code N"). */
const EXIT = /Process exited with code (-?\d+)/;

/** What a finished built-in call read, changed or ran. */
export function toolFacts(call: RolloutCall, result: RolloutResult, directory: string): Array<FileFact | ShellFact> {
  const input = call.input as { cmd?: unknown; command?: unknown } | string | undefined;
  // the rollout's names (`exec_command`, its `cmd`) or PostToolUse's (`Bash`, its `command`)
  if (call.name === "exec_command" || call.name === "shell" || call.name === "Bash") {
    const raw = typeof input === "object" ? (input.cmd ?? input.command) : undefined;
    const command = Array.isArray(raw) ? raw.join(" ") : typeof raw === "string" ? raw : undefined;
    const exit = EXIT.exec(result.output);
    return [
      {
        kind: "shell",
        at: result.at,
        ...(command ? { command } : {}),
        ...(exit ? { exit: Number(exit[1]) } : {}),
        output: result.output,
      },
    ];
  }
  if (call.name === "apply_patch") {
    const patch = typeof input === "string" ? input : typeof input?.command === "string" ? input.command : "";
    return [...patch.matchAll(PATCH_FILE)].map((m) => {
      const path = m[1]!.trim();
      return {
        kind: "file" as const,
        at: result.at,
        path: isAbsolute(path) ? path : join(directory, path),
        edited: true,
      };
    });
  }
  return [];
}

/**
 * What one rollout chunk means for the session: usage for the context tracker, file and shell facts for the
 * HUD, and every text and finished tool call for recall.
 */
export function applyRollout(deps: HookDeps, session: SessionRuntime, directory: string, chunk: RolloutChunk): void {
  const calls = new Map<string, RolloutCall>(chunk.calls.map((c) => [c.id, c]));
  const facts = chunk.results.flatMap((result) => {
    const call = calls.get(result.id);
    return call ? toolFacts(call, result, directory) : [];
  });
  recordActivity(deps, directory, { kind: "activity", session: session.id, facts });
  if (chunk.usage) session.tracker.record(chunk.usage.id, chunk.usage.tokens, chunk.usage.at);
  const recall = deps.recall;
  if (recall) for (const event of hostEvents(session.id, chunk, calls)) recall.observe(event);
}

function hostEvents(sessionID: string, chunk: RolloutChunk, calls: Map<string, RolloutCall>): HostEvent[] {
  const out: HostEvent[] = [];
  for (const m of chunk.messages) {
    out.push({
      kind: "message",
      session: sessionID,
      id: m.id,
      role: m.role,
      at: m.at,
      ...(m.summary ? { summary: true } : {}),
    });
    m.texts.forEach((text, i) =>
      out.push({ kind: "text", session: sessionID, message: m.id, id: `${m.id}-${i}`, text, at: m.at }),
    );
  }
  for (const result of chunk.results) {
    const call = calls.get(result.id);
    out.push({
      kind: "tool",
      session: sessionID,
      message: result.id,
      id: result.id,
      tool: call ? toolName(call) : "tool",
      own: call ? isOwnTool(call) : false,
      done: true,
      failed: false,
      input: call?.input,
      output: result.output,
      at: result.at,
    });
  }
  return out;
}
