import { missing } from "./line-diff.ts";

/**
 * The HUD's lists keep their newest entries: an entry added to a full list pushes its oldest out (the
 * state's per-list caps). That entry was not taken back, it aged out, and the full copy's header tells the
 * agent the rule once, so an update need not name it: what the agent holds of it (a step it planned, a
 * file it read) stays true. These are the entries of `before` that left `after` that way: in a list that
 * did not shrink, its first entries, as many as new entries came in beyond its growth. An entry
 * whose item is still shown in another form (a step finished, a file edited, the "+N more" count) was
 * replaced, not pushed out; a list that shrank lost entries by other means (removed, edited by the
 * person, a denser render). Those are said as before.
 */
export function pushedOut(before: string, after: string): string[] {
  const now = listsOf(after);
  const out: string[] = [];
  for (const [heading, held] of listsOf(before)) {
    const shown = now.get(heading) ?? [];
    const growth = shown.length - held.length;
    if (growth < 0) continue;
    const removed = missing(held, shown);
    const added = missing(shown, held);
    const removedKeys = new Set(removed.map(keyOf));
    const addedKeys = new Set(added.map(keyOf));
    const fresh = added.filter((line) => !removedKeys.has(keyOf(line))).length;
    const aged = removed.filter((line) => !addedKeys.has(keyOf(line)));
    // a cap takes the oldest: the list's first entries, up to the first one that stayed
    const oldest: string[] = [];
    for (const line of held) {
      // the "+N more" count heads a list cut for room: it is not an entry
      if (keyOf(line) === MORE) continue;
      if (oldest.length >= fresh - growth || !aged.includes(line)) break;
      aged.splice(aged.indexOf(line), 1);
      oldest.push(line);
    }
    out.push(...oldest);
  }
  return out;
}

const ENTRY = /^(?:[-*+]|\d+\.) /;
const CHECKBOX = /^\[[ xX]\] /;
const MORE = "+N";

/** A list's entries by the heading above them ("" before the first), top-level items only, in order. */
function listsOf(markdown: string): Map<string, string[]> {
  const lists = new Map<string, string[]>();
  let heading = "";
  for (const line of markdown.split("\n")) {
    if (/^#{1,6} /.test(line)) heading = line;
    else if (ENTRY.test(line)) lists.set(heading, [...(lists.get(heading) ?? []), line]);
  }
  return lists;
}

/** What an entry is about: its first word (an item's id, a file's path); every "+N more" line is one. */
function keyOf(line: string): string {
  const word = line.replace(ENTRY, "").replace(CHECKBOX, "").split(" ")[0]!;
  return /^\+\d+$/.test(word) ? MORE : word;
}
