import { readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { hashText } from "../../cache-ledger/hash.ts";
import type { HostEvent } from "../../events/host-event.ts";
import { applyEvents } from "../../hooks/apply-event.ts";
import { wrapHud } from "../../placement/wrap-hud.ts";
import { callHud } from "../../runtime/call-hud.ts";
import type { HookDeps } from "../../runtime/hook-deps.ts";
import { hudOff } from "../../runtime/hud-switch.ts";
import type { SessionRuntime } from "../../runtime/session-runtime.ts";
import { GEMINI_HUD_TOOL } from "./names.ts";
import { readFrom, transcriptEvents } from "./transcript.ts";

/**
 * Gemini CLI's sub-agents (0.42.0 to 0.61.0): the model calls the `invoke_agent` tool, and the sub-agent runs
 * its own model loop in the same process. Its BeforeModel hooks carry the parent's session id and session
 * file and no agent name; only BeforeTool and AfterTool of `invoke_agent` mark where it starts and ends.
 */
export const AGENT_TOOL = "invoke_agent";

export const SUBAGENT_NOTE = `You are a sub-agent. Your parent agent's HUD follows, as it was when you started: its task is the one you help with; the \`hud\` tool (\`${GEMINI_HUD_TOOL}\`), where you have it, edits the parent's HUD.`;

/** Sub-agent conversations whose copy is remembered; the oldest is forgotten past this. */
const MAX_COPIES = 16;

/** What a session's hooks know of its sub-agents, kept with the rest of its memory in the MCP server. */
export type AgentMemory = {
  /** The parent's latest call's first content (hashed): a call that starts with it is the parent's. */
  root?: string;
  /** `invoke_agent` calls begun (BeforeTool) and not ended (AfterTool). */
  open: number;
  /** Each sub-agent conversation's copy of the parent's HUD, by its first content (hashed). */
  copies: Map<string, string>;
  /** Each sub-agent's session file: where it was read to, and the records already translated. */
  files: Map<string, { offset: number; seen: Set<string> }>;
};
export const newAgentMemory = (): AgentMemory => ({ open: 0, copies: new Map(), files: new Map() });

/** Sub-agent session files remembered; past this the oldest is forgotten (read again from where it was). */
const MAX_FILES = 64;

type Message = { role: string; content: string };

/**
 * A sub-agent's call: an `invoke_agent` runs and the request does not start as the parent's last one did.
 * The parent's own loop sends nothing while its tool runs, so a call starting with the parent's first content
 * is the parent's: whatever was open is over (an aborted sub-agent never reaches AfterTool).
 */
export function isSubagentCall(memory: AgentMemory, messages: Message[]): boolean {
  const first = hashText(messages[0]!.content);
  if (memory.open > 0 && memory.root !== undefined && first !== memory.root) return true;
  memory.root = first;
  memory.open = 0;
  memory.copies.clear();
  return false;
}

/** BeforeTool / AfterTool (the extension's matcher sends only `invoke_agent`'s). */
export function noteAgentTool(memory: AgentMemory, event: string, tool: unknown): void {
  if (tool !== AGENT_TOOL) return;
  memory.open = event === "BeforeTool" ? memory.open + 1 : Math.max(0, memory.open - 1);
}

/**
 * A sub-agent's request: its first content (its task) gets the parent's HUD once, the copy made at its first
 * call, so every later call starts with the same bytes and its cached prefix holds; no trailing HUD per call.
 * Nothing of the parent's is counted: no turn, no ledger request, no compaction, no views. Switched off (the
 * parent's switch: the session id is the parent's), the request goes out as it came.
 */
export async function toSubagent(
  deps: HookDeps,
  session: SessionRuntime,
  messages: Message[],
  memory: AgentMemory,
): Promise<Message[] | undefined> {
  const key = hashText(messages[0]!.content);
  let copy = memory.copies.get(key);
  if (copy === undefined) {
    // not `placed`: the person's views show what the parent received
    const hud = await callHud(deps, session);
    if (!hud) return undefined;
    copy = `${SUBAGENT_NOTE}\n\n${wrapHud(hud.text)}`;
    memory.copies.set(key, copy);
    for (const old of [...memory.copies.keys()].slice(0, Math.max(0, memory.copies.size - MAX_COPIES)))
      memory.copies.delete(old);
  } else if (hudOff(deps, session.id)) return undefined;
  const [first, ...rest] = messages;
  return [{ ...first!, content: `${first!.content}\n\n${copy}` }, ...rest];
}

/**
 * What the session's sub-agents read, changed and ran, for the parent's HUD and recall. Gemini CLI (0.61.0)
 * records each sub-agent in a file of its own, in a folder named for the parent's session beside the
 * parent's session file. Only their tool calls count: their model calls are none of the parent's (the
 * context meter, the cache ledger, its turns), and their answer reaches the parent as `invoke_agent`'s result.
 */
export async function catchUpAgents(
  deps: HookDeps,
  session: SessionRuntime,
  transcriptPath: string,
  directory: string,
  memory: AgentMemory,
): Promise<void> {
  const folder = join(dirname(transcriptPath), session.id);
  let names: string[];
  try {
    // Gemini CLI writes regular files: a link or a pipe there was put by someone else
    const entries = readdirSync(folder, { withFileTypes: true });
    names = entries.filter((entry) => entry.isFile() && entry.name.endsWith(".jsonl")).map((entry) => entry.name);
  } catch {
    return; // no sub-agent ran, or a version that keeps none
  }
  const apply = applyEvents(deps, directory);
  for (const path of newest(folder, names)) {
    let file = memory.files.get(path);
    if (!file) memory.files.set(path, (file = { offset: 0, seen: new Set() }));
    const read = readFrom(path, file.offset);
    file.offset = read.offset;
    for (const event of transcriptEvents(session.id, read.text, file.seen).filter(isActivity)) await apply(event);
  }
  for (const old of [...memory.files.keys()].slice(0, Math.max(0, memory.files.size - MAX_FILES)))
    memory.files.delete(old);
}

/**
 * The MAX_FILES most recently written of the folder's files, oldest first: a folder flooded with files (the
 * agent's shell can write there) costs a hook a bounded read, and the sub-agent that just ended is the newest.
 */
function newest(folder: string, names: string[]): string[] {
  const paths = names.map((name) => join(folder, name));
  if (paths.length <= MAX_FILES) return paths.sort();
  const written = (path: string) => {
    try {
      return statSync(path).mtimeMs;
    } catch {
      return 0;
    }
  };
  return paths
    .map((path) => ({ path, at: written(path) }))
    .sort((a, b) => a.at - b.at || (a.path < b.path ? -1 : 1))
    .slice(-MAX_FILES)
    .map((file) => file.path);
}

const isActivity = (event: HostEvent): boolean => event.kind === "tool" || event.kind === "activity";
