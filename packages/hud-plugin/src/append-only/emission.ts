import { HUD_CLOSE, HUD_OPEN } from "../placement/wrap-hud.ts";
import { linesOf, missing } from "./line-diff.ts";
import { pushedOut } from "./pushed-out.ts";
import { settleVolatile } from "./volatile-lines.ts";

/**
 * What a hook of an append-only host (Claude Code, Codex CLI) appends to the conversation. Its history can
 * only grow, so every HUD text a hook emits stays in every later request until compaction. A full copy goes out at session start,
 * after a compaction and for a sub-agent; after a prompt or a tool batch only an update: the lines that
 * changed since the previous HUD text the conversation holds, and nothing when none did. Updates are
 * incremental, so each changed line is said once; the agent reads its state from the latest full copy with
 * every update after it applied in order. What the agent's own `hud` calls changed is not said again: their
 * results told it (`ownCall`), nor does an entry that newer ones pushed out of a full list (`pushedOut`):
 * the full copy's header states that rule once. A full copy is sent again only when it is shorter than the update.
 */

/** Per-session memory of what the conversation already holds; kept in a small file between hook processes. */
export type EmissionState = {
  /** The HUD markdown of the last full copy in the conversation. */
  full: string;
  /** The HUD markdown the agent can tell from the conversation: the full copy, the updates, its own calls. */
  shown: string;
  /** Updates appended since the last full copy. */
  changes: number;
};

export type Emission =
  | { kind: "full"; text: string; state: EmissionState }
  | { kind: "changes"; text: string; state: EmissionState }
  | { kind: "none"; state: EmissionState | undefined };

export const FULL_HEADER =
  "Your HUD, complete (not from the user). Each later HUD update lists only what changed since the HUD text before it, not what your own `hud` calls changed: apply them in order (`+ line` is added; `- line` is removed, and `- words …` removes the line that begins with those words). A list keeps its newest entries: one that newer entries push out leaves unnamed.";

export function fullText(markdown: string, lead?: string): string {
  return [...(lead ? [lead] : []), FULL_HEADER, HUD_OPEN, markdown.trimEnd(), HUD_CLOSE].join("\n");
}

/** Lines of `now` missing from `before` (+) and lines of `before` missing from `now` (-), in order. */
export function lineChanges(before: string, now: string): string[] {
  const a = linesOf(before);
  const b = linesOf(now);
  return [...missing(a, b).map((l) => `- ${l}`), ...missing(b, a).map((l) => `+ ${l}`)];
}

/**
 * How an update names a removed line: by its first words when no other line of the HUD the agent holds
 * begins with them (`words …`), else whole. A line that is being replaced costs a few tokens, not its length.
 */
export function removalName(line: string, held: string[]): string {
  const others = held.filter((l) => l !== line);
  const words = line.split(" ");
  for (let n = 1; n < words.length; n++) {
    const prefix = words.slice(0, n).join(" ");
    // a shortening must save something, and the line must still be told from every other one
    if (prefix.length + 2 >= line.length) break;
    if (!others.some((l) => l === prefix || l.startsWith(`${prefix} `))) return `${prefix} …`;
  }
  return line;
}

/**
 * The update from what the agent holds to `now`: removals named short, then the added lines. An entry
 * pushed out of a full list is not named: the rule told it, and the agent's view converges at the next
 * full copy.
 */
export function updateLines(held: string, now: string): string[] {
  const a = linesOf(held);
  const b = linesOf(now);
  const removed = missing(missing(a, b), pushedOut(held, now));
  return [...removed.map((l) => `- ${removalName(l, a)}`), ...missing(b, a).map((l) => `+ ${l}`)];
}

export const UPDATE_HEADER = "HUD update:";

/**
 * An update is its header and its lines, no more: it is written after every batch that changed the HUD,
 * so its frame costs as often, and the full copy before it says how to read it.
 */
export function changesText(lines: string[]): string {
  return [UPDATE_HEADER, ...lines].join("\n");
}

/**
 * `held` with a change applied: the lines `before` had and `after` has not go, those `after` gained come,
 * each placed after the line it follows in `placed` (the HUD the change made), so a list's new entry
 * stays under its heading and `pushedOut` reads the lists as the agent does.
 */
export function applyChange(held: string, before: string, after: string, placed: string = after): string {
  const a = linesOf(before);
  const b = linesOf(after);
  const lines = missing(linesOf(held), missing(a, b));
  const added = missing(b, a);
  let at = -1;
  for (const line of linesOf(placed)) {
    const index = added.indexOf(line);
    if (index >= 0) {
      added.splice(index, 1);
      lines.splice(++at, 0, line);
      continue;
    }
    const found = lines.indexOf(line, at + 1);
    if (found >= 0) at = found;
  }
  return [...lines, ...added].join("\n");
}

/**
 * The agent's own `hud` call took the HUD from `before` to `after` (the told part of its change), making
 * `placed`; its result told the agent, so the conversation holds the change without an update.
 */
export function ownCall(state: EmissionState, before: string, after: string, placed?: string): EmissionState {
  if (before === after) return state;
  return { ...state, shown: applyChange(state.shown, before, after, placed) };
}

/**
 * The decision for one hook. `forceFull` is session start, compaction, resume and sub-agents: the
 * conversation holds no usable copy there. Otherwise an update with what changed since the conversation's
 * latest HUD text, or a full copy when that is the shorter text (a HUD rewritten nearly whole). A line
 * that moves every call without news (Context, Stale) keeps the one the agent holds (`settleVolatile`).
 */
export function decide(
  previous: EmissionState | undefined,
  markdown: string,
  forceFull: boolean,
  lead?: string,
): Emission {
  if (forceFull || !previous) {
    const state = { full: markdown, shown: markdown, changes: 0 };
    return { kind: "full", text: fullText(markdown, lead), state };
  }
  markdown = settleVolatile(previous.shown, markdown);
  if (markdown === previous.shown) return { kind: "none", state: previous };
  const lines = updateLines(previous.shown, markdown);
  // the same lines in another order: nothing the agent reads has changed
  if (lines.length === 0) return { kind: "none", state: { ...previous, shown: markdown } };
  const text = changesText(lines);
  const full = fullText(markdown);
  if (full.length <= text.length)
    return { kind: "full", text: full, state: { full: markdown, shown: markdown, changes: 0 } };
  return { kind: "changes", text, state: { full: previous.full, shown: markdown, changes: previous.changes + 1 } };
}
