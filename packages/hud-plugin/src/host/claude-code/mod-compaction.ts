/**
 * The summary agent-hud writes itself when it answers Claude Code's compaction (`compaction: "hud"`): no
 * model call. It holds the person's latest request, the last turns as they were, and where the rest went
 * (recall keeps every message: `search` and `messages.read` bring back what was cut). The HUD is not in it:
 * the SessionStart(compact) hook right after appends the full HUD as after every compaction, with the
 * agent's instructions (the compaction took them), sized for the context the compaction left, and as the
 * copy later updates are read against. Put here as well, the state would reach the first context twice.
 */

/** One message of the conversation's tail, as the mod read it (`$.session.messages()`'s role and text). */
export type TurnText = { role?: unknown; text?: unknown; tools?: unknown };

/** Each kept turn is cut past this many characters; the whole stays findable with `search`. */
export const TURN_CHARS = 2_000;

export const HUD_SUMMARY_HEADER =
  "This conversation was compacted by agent-hud from its durable state, with no model summary.";

/** Where the state is, said when the HUD is on (off, the person chose that the agent goes without it). */
export const HUD_FOLLOWS =
  "Your HUD, complete, comes right after this summary. Here are the user's latest request and the last turns, verbatim.";

function clip(text: string): string {
  return text.length <= TURN_CHARS ? text : `${text.slice(0, TURN_CHARS)}… [cut; the rest: hud search]`;
}

export function hudCompaction(request: string, turns: readonly TurnText[], hudOn: boolean): string {
  const lines = [
    `${HUD_SUMMARY_HEADER} ${hudOn ? HUD_FOLLOWS : "Here are the user's latest request and the last turns, verbatim."}`,
    "",
  ];
  lines.push("## The user's latest request", request.trim() ? clip(request.trim()) : "(none in this conversation)", "");
  const kept = turns.filter((t) => typeof t.text === "string" && (t.text as string).trim());
  if (kept.length) {
    lines.push("## The last turns, verbatim");
    for (const turn of kept) {
      const tools = Array.isArray(turn.tools) && turn.tools.length ? ` (called ${turn.tools.join(", ")})` : "";
      lines.push(`[${turn.role === "assistant" ? "assistant" : "user"}${tools}]`, clip(String(turn.text)), "");
    }
  }
  lines.push(
    "## Everything else",
    'Nothing is lost: every earlier message and tool output is in recall. Call the `hud` tool with `{ tool: "search", args: { query } }` to find it and `{ tool: "messages.read", args: { id } }` to read a hit whole.',
  );
  return lines.join("\n");
}
