/**
 * What a Claude Code hook appends to the conversation. Claude Code's history can only grow, so every HUD
 * text a hook emits stays in every later request until compaction. A full copy goes out at session start,
 * after a compaction and for a sub-agent; after a prompt or a tool batch only a change list against the last
 * full copy, and nothing when the HUD did not change. Each change list is cumulative (it replaces the ones
 * before it), so the agent reads the current state from two blocks: the last full copy and the last list.
 */

/** Per-session memory of what the conversation already holds; kept in a small file between hook processes. */
export type EmissionState = {
  /** The HUD markdown of the last full copy in the conversation. */
  full: string;
  /** The HUD markdown the conversation shows now (full copy plus the latest change list). */
  shown: string;
  /** Change lists appended since the last full copy. */
  changes: number;
};

/** A fresh full copy needs at least this many change lists since the previous one. */
export const MIN_CHANGES_BETWEEN_FULL = 15;

export type Emission =
  | { kind: "full"; text: string; state: EmissionState }
  | { kind: "changes"; text: string; state: EmissionState }
  | { kind: "none"; state: EmissionState | undefined };

export const FULL_HEADER =
  "Your agent-hud HUD, complete. Later HUD blocks in this conversation supersede it: the latest full copy plus the latest change list after it is your current state. It is not a message from the user.";

export const CHANGES_HEADER =
  "agent-hud HUD changes since the last full HUD copy above (this list replaces any earlier change list; apply it to that copy to get your current state). Lines starting with + are now in the HUD, lines starting with - are gone:";

export function fullText(markdown: string, lead?: string): string {
  return [...(lead ? [lead] : []), FULL_HEADER, "<agent-hud>", markdown.trimEnd(), "</agent-hud>"].join("\n");
}

/** Lines of `now` missing from `before` (+) and lines of `before` missing from `now` (-), in order. */
export function lineChanges(before: string, now: string): string[] {
  const count = (lines: string[]) => {
    const map = new Map<string, number>();
    for (const line of lines) map.set(line, (map.get(line) ?? 0) + 1);
    return map;
  };
  const a = before.split("\n").filter((l) => l.trim());
  const b = now.split("\n").filter((l) => l.trim());
  const inA = count(a);
  const inB = count(b);
  const gone: string[] = [];
  const added: string[] = [];
  for (const line of a) {
    const left = inB.get(line) ?? 0;
    if (left > 0) inB.set(line, left - 1);
    else gone.push(`- ${line}`);
  }
  for (const line of b) {
    const left = inA.get(line) ?? 0;
    if (left > 0) inA.set(line, left - 1);
    else added.push(`+ ${line}`);
  }
  return [...gone, ...added];
}

export function changesText(lines: string[]): string {
  return [CHANGES_HEADER, "<agent-hud-changes>", ...lines, "</agent-hud-changes>"].join("\n");
}

/**
 * The decision for one hook. `forceFull` is session start, compaction, resume and sub-agents: the
 * conversation holds no usable copy there. Otherwise a full copy is sent again only when the cumulative
 * change list has outgrown the full copy it is read against and enough lists were sent since the last
 * one, which bounds full copies to one per MIN_CHANGES_BETWEEN_FULL changing calls.
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
  if (markdown === previous.shown) return { kind: "none", state: previous };
  const lines = lineChanges(previous.full, markdown);
  const text = changesText(lines);
  const outgrown = text.length > previous.full.length && previous.changes + 1 >= MIN_CHANGES_BETWEEN_FULL;
  if (outgrown)
    return { kind: "full", text: fullText(markdown), state: { full: markdown, shown: markdown, changes: 0 } };
  return { kind: "changes", text, state: { full: previous.full, shown: markdown, changes: previous.changes + 1 } };
}
