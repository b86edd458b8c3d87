import { existsSync } from "node:fs";
import type { ModelLimits } from "../../context/limits.ts";
import { applyEvents } from "../../hooks/apply-event.ts";
import { transcriptEvents } from "./apply-transcript.ts";
import type { Hook } from "./hook-types.ts";
import { recordCalls } from "./ledger-calls.ts";
import { modActive } from "./mod-active.ts";
import { batchOf, mergeBatch, readTranscript } from "./transcript.ts";

/** Claude Code's window: 200k, 1M for a `[1m]` model, or what CLAUDE_CODE_AUTO_COMPACT_WINDOW sets. */
export function claudeLimits(model: string | undefined, env: Record<string, string | undefined>): ModelLimits {
  const set = Number(env["CLAUDE_CODE_AUTO_COMPACT_WINDOW"]);
  const window = Number.isFinite(set) && set > 0 ? set : model?.includes("[1m]") ? 1_000_000 : 200_000;
  return { context: window, input: window, output: 0 };
}

/**
 * Reads what the transcript gained since the last hook into the event port; SessionStart after a compaction
 * adds the port's compaction, with the summary the transcript holds.
 */
export async function catchUp({ deps, session, directory, file, input, compacted, env }: Hook): Promise<void> {
  const path = typeof input.transcript_path === "string" ? input.transcript_path : undefined;
  const apply = applyEvents(deps, directory);
  let model: string | undefined;
  let summary = "";
  let last = file.usage?.at ?? 0;
  if (path && existsSync(path)) {
    if (file.transcript !== path) file.offset = 0;
    file.transcript = path;
    const chunk = readTranscript(path, file.offset, file.requestAt);
    file.offset = chunk.offset;
    if (chunk.requestAt !== undefined) file.requestAt = chunk.requestAt;
    else delete file.requestAt;
    file.seenTools = mergeBatch(chunk, batchOf(input.tool_calls, deps.now()), file.seenTools ?? []);
    last = Math.max(chunk.usage?.at ?? 0, last);
    if (compacted) delete chunk.usage;
    for (const event of transcriptEvents(session.id, chunk)) await apply(event);
    if (chunk.usage) session.tracker.record(chunk.usage.id, chunk.usage.tokens, chunk.usage.at);
    // the mod records each request's usage from Claude Code itself; the transcript's copy would count twice
    recordCalls(modActive(env) ? undefined : deps.ledger, session, file, chunk.ledger, compacted);
    if (chunk.usage) file.usage = { id: chunk.usage.id, tokens: chunk.usage.tokens, at: chunk.usage.at };
    model = chunk.usage?.model;
    summary =
      chunk.messages
        .filter((m) => m.summary)
        .at(-1)
        ?.texts.join("\n") ?? "";
  }
  if (compacted) {
    // the calls before a compaction measured the old conversation, not what is left of it: a server that
    // recorded them keeps them in memory, so the first HUD after the summary would be sized for a full context
    delete file.usage;
    await apply({ kind: "compaction", session: session.id, summary });
    // the port resets the tracker at the hook's time; the transcript's answers carry its own clock
    session.tracker.reset(last + 1);
  }
  session.tracker.setLimits(claudeLimits(model, env));
  if (file.usage) session.tracker.record(file.usage.id, file.usage.tokens, file.usage.at);
}
