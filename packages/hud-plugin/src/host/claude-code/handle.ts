import type { Logger } from "../../log/index.ts";
import { openHud } from "../../runtime/open.ts";
import type { HookDeps } from "../../runtime/hook-deps.ts";
import { callHud } from "../../runtime/call-hud.ts";
import { defaultDir, validateSessionID } from "../../store/index.ts";
import { gitRoot } from "../../hook-process/git-root.ts";
import { fullText } from "../../append-only/emission.ts";
import { readSessionFile, writeSessionFile } from "../../append-only/session-file.ts";
import { catchUp } from "./catch-up.ts";
import { keepAgent } from "../../append-only/session-file.ts";
import { emit, emitToAgent, SUBAGENT_NOTE } from "./emit.ts";
import type { Hook, HookInput, HookReply } from "./hook-types.ts";
import { modActive } from "./mod-active.ts";
import { linkSession } from "./process-link.ts";

export type { HookInput, HookReply } from "./hook-types.ts";

/** Marks where the hook's time went, for the benchmark. */
export type PhaseMark = (step: "open" | "render") => void;

export async function handleHook(
  input: HookInput,
  log: Logger,
  env: Record<string, string | undefined> = process.env,
  mark: PhaseMark = () => {},
): Promise<HookReply | undefined> {
  if (!isHookEvent(input.hook_event_name)) return undefined;
  const directory = directoryOf(input);
  // this process lives for one hook: component files and agent components show their stored renders (the
  // session's server renders them in its sandbox); nothing of a component is evaluated here
  const opened = openHud({
    directory,
    worktree: gitRoot(directory),
    log,
    storedRendersOnly: true,
    compactTool: () => modActive(env),
  });
  if (!opened) return undefined;
  mark("open");
  try {
    const reply = await run(opened.deps, directory, input.hook_event_name, input, env);
    mark("render");
    return reply;
  } finally {
    opened.dispose();
  }
}

export function directoryOf(input: HookInput): string {
  return typeof input.cwd === "string" && input.cwd ? input.cwd : process.cwd();
}

/** A hook on a runtime that is already open (the session's MCP server, which hooks forward to). */
export async function runHook(
  deps: HookDeps,
  input: HookInput,
  env: Record<string, string | undefined>,
): Promise<HookReply | undefined> {
  if (!isHookEvent(input.hook_event_name)) return undefined;
  return run(deps, directoryOf(input), input.hook_event_name, input, env);
}

type Step = (hook: Hook) => Promise<HookReply | undefined> | undefined;

/** The main conversation's turn: a sub-agent that ran before it has ended. */
function mainTurn(hook: Hook): void {
  if (!hook.agent) delete hook.file.subagentRunning;
}

/** A prompt or a tool batch: an update, against the copy the conversation (or the sub-agent's) holds. */
const turn: Step = (hook) => {
  mainTurn(hook);
  if (hook.agent) return emitToAgent(hook, hook.agent);
  hook.deps.runtime.noteCall(hook.session);
  return emit(hook, false);
};

/** What each hook does once the transcript was read; the table is also the plugin's hook list. */
const STEPS = {
  // startup, resume, /clear and compact: the conversation holds no usable copy
  SessionStart: (hook) => {
    mainTurn(hook);
    return emit(hook, true);
  },
  UserPromptSubmit: turn,
  PostToolBatch: turn,
  SubagentStart: async ({ deps, session, file, agent, event }) => {
    file.subagentRunning = true;
    // a sub-agent's copy is its parent's HUD: the person's views already show it
    const hud = await callHud(deps, session);
    if (!hud) return undefined;
    if (agent) keepAgent(file, agent, { full: hud.text, shown: hud.text, changes: 0 });
    return { event, text: fullText(hud.text, SUBAGENT_NOTE) };
  },
  PreCompact: async ({ deps, session, file, env, event }) => {
    // the conversation's copies go with the compaction; SessionStart(compact) sends a full one
    delete file.emission;
    // the mod gives the summary the HUD itself (or writes the summary): told twice, it would read twice
    if (modActive(env)) return undefined;
    // the operation router comes with it: loaded for a compaction only, never by a session's first hook
    const { compactionFraming, compactionSnapshot } = await import("../../hooks/session-compacting.ts");
    const snapshot = compactionSnapshot(deps, session.id);
    return snapshot === undefined ? undefined : { event, text: compactionFraming(snapshot), plain: true };
  },
  SessionEnd: () => undefined,
} satisfies Record<string, Step>;

type HookEvent = keyof typeof STEPS;
export const HOOK_EVENTS = Object.keys(STEPS) as HookEvent[];
const isHookEvent = (event: unknown): event is HookEvent => typeof event === "string" && Object.hasOwn(STEPS, event);

async function run(
  deps: HookDeps,
  directory: string,
  event: HookEvent,
  input: HookInput,
  env: Record<string, string | undefined>,
) {
  const sessionID = validateSessionID(input.session_id);
  const dataDir = deps.config.storageDir ?? defaultDir();
  linkSession(dataDir, sessionID);
  const agent = typeof input.agent_id === "string" && input.agent_id ? input.agent_id : undefined;
  const hook: Hook = {
    deps,
    directory,
    event,
    input,
    env,
    session: deps.runtime.session(sessionID),
    file: readSessionFile(dataDir, sessionID),
    agent,
    compacted: event === "SessionStart" && input.source === "compact",
  };
  await catchUp(hook);
  deps.runtime.touch(hook.session);
  const reply = await STEPS[event](hook);
  writeSessionFile(dataDir, sessionID, hook.file);
  return reply;
}
