import { hashSystem, hashText } from "../../cache-ledger/hash.ts";
import { hashPlainMessages } from "./message-hashes.ts";
import type { Evidence } from "../../cache-ledger/types.ts";
import { compactionFraming, compactionSnapshot } from "../../hooks/session-compacting.ts";
import { applyEvents } from "../../hooks/apply-event.ts";
import { preamble } from "../../placement/preamble.ts";
import { placeAtTail } from "../../placement/tail.ts";
import type { HookDeps } from "../../runtime/hook-deps.ts";
import { hudOff } from "../../runtime/hud-switch.ts";
import { toolActivity } from "../opencode/tool-facts.ts";
import type { CompactionEvent, ContextEvent, ExecuteAfter } from "./host-api.ts";
import { appendHud, systemPart } from "./messages.ts";

/**
 * `session.hook("context")`: V2's one transform of a request, system parts and messages together. The
 * byte-stable preamble goes last in the system parts (where V2's policy puts the system breakpoint), the
 * HUD after the conversation. Title and generate requests get nothing; compaction has its own hook.
 */
export function contextHook(deps: HookDeps, toast: () => void) {
  const text = preamble(deps.config);
  return async (e: ContextEvent): Promise<void> => {
    if (e.kind !== "primary") return;
    toast();
    const session = deps.runtime.session(e.sessionID);
    deps.lastActive.sessionID = e.sessionID;
    if (e.model) {
      session.tracker.setLimits(deps.limits.get(e.model.providerID, e.model.id));
      session.model = { providerID: e.model.providerID, modelID: e.model.id };
    }
    if (session.compacting) return;
    // switched off, the request goes out as if the plugin were not installed: no instructions either
    if (!hudOff(deps, session.id)) e.system.push(systemPart(e.system, text));
    // the conversation as it stands before the HUD goes in (the list copied, references only); hashed when
    // the usage arrives, off the request's path
    const held = deps.ledger && { messages: e.messages.slice(), tools: (e as { tools?: unknown }).tools };
    const own = new Set([text]);
    deps.runtime.noteCall(session);
    try {
      // the request-rewriting family's step; `placement: "system"` puts the same text in system[] instead
      await placeAtTail(deps, session, (part) => {
        own.add(part);
        if (deps.config.placement === "system") e.system.push(systemPart(e.system, part));
        else appendHud(e.system, e.messages, part);
        return true;
      });
    } finally {
      if (held) {
        const parts = e.system.map((p) => p.text);
        const fill = (ev: Evidence) => {
          ev.messages = hashPlainMessages(held.messages);
          ev.system = hashSystem(parts, own);
          // read when the answer came: what hooks after agent-hud's added to the request is in it
          ev.systemSent = hashText(e.system.map((p) => p.text).join("\n"));
          const tools = toolsHash(held.tools);
          if (tools !== undefined) ev.tools = tools;
        };
        deps.ledger?.request(session, { resolve: [fill] });
      }
    }
  };
}

/** The request's tool definitions, hashed, when the context event carries them (unverified on V2: else not seen). */
function toolsHash(tools: unknown): string | undefined {
  if (!tools || typeof tools !== "object") return undefined;
  try {
    return hashText(JSON.stringify(tools));
  } catch {
    // a shape that does not serialise (a cycle): the tools read as not seen, never as changed
    return undefined;
  }
}

/** `session.hook("compaction")`: the HUD state travels beside the summary, framed as on V1. */
export function compactionHook(deps: HookDeps) {
  return async (e: CompactionEvent): Promise<void> => {
    const snapshot = compactionSnapshot(deps, e.sessionID);
    if (snapshot) e.system.push(systemPart(e.system, compactionFraming(snapshot)));
  };
}

/** `tool.hook("execute.after")`: the same file and bash facts as V1's `tool.execute.after`. */
export function executeAfterHook(deps: HookDeps, directory: string) {
  const apply = applyEvents(deps, directory);
  return async (e: ExecuteAfter): Promise<void> => {
    if (e.status !== "completed") return;
    const content = e.result?.content;
    const output = typeof content === "string" ? content : content?.map((c) => c.text ?? "").join("\n");
    const result = { output, metadata: e.result?.metadata };
    await apply(toolActivity({ tool: e.tool, sessionID: e.sessionID, args: e.input }, result, deps.now()));
  };
}
