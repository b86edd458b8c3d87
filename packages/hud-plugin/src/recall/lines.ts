import type { Compaction, Doc, Hit } from "./recall-index.ts";

/** How much of one message `messages.read` returns; the rest is named, not sent. */
export const READ_LIMIT = 12_000;
const SNIPPET_LIMIT = 220;

const oneLine = (text: string): string => text.replace(/\s+/g, " ").trim();
const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export const handleOf = (doc: Pick<Doc, "id" | "kind">): string => `${doc.kind === "part" ? "m" : "e"}${doc.id}`;

/** "before compaction 2" when a compaction removed it from the prompt; "after compaction 2" when it is newer. */
export function compactionLabel(epoch: number, compactions: number): string | undefined {
  if (compactions === 0) return undefined;
  return epoch < compactions ? `before compaction ${epoch + 1}` : `after compaction ${epoch}`;
}

/**
 * Where a doc came from: "turn 3 · bash · before compaction 1" (a HUD event: "turn 3 · hud log · note.add"),
 * plus the session when it is another one.
 */
export function originOf(doc: Omit<Doc, "body">, compactions: number, session?: string): string {
  const parts = [
    doc.turn === null ? undefined : `turn ${doc.turn}`,
    doc.kind === "event" ? "hud log" : undefined,
    doc.source,
    compactionLabel(doc.epoch, compactions),
    doc.session && doc.session !== session ? `session ${doc.session}` : doc.session ? undefined : "project",
  ];
  return parts.filter(Boolean).join(" · ");
}

export function hitLines(
  query: string,
  hits: readonly Hit[],
  compactionsOf: (session: string) => number,
  session: string,
): string {
  const shown = JSON.stringify(clip(oneLine(query), 60));
  if (!hits.length) return `no match for ${shown}; try other words, or scope: "project" for earlier sessions`;
  const lines = hits.map((hit) => {
    const origin = originOf(hit, hit.session ? compactionsOf(hit.session) : 0, session);
    return `${handleOf(hit)} ${origin}: ${clip(oneLine(hit.snippet), SNIPPET_LIMIT)}`;
  });
  const head = `${hits.length} ${hits.length === 1 ? "hit" : "hits"} for ${shown}, best first; full text: hud messages.read { id }`;
  return [head, ...lines].join("\n");
}

export function readText(doc: Doc, compactions: number, session: string): string {
  const when = new Date(doc.at).toISOString();
  const head = `${handleOf(doc)} ${originOf(doc, compactions, session)} · ${when}`;
  if (doc.body.length <= READ_LIMIT) return `${head}\n${doc.body}`;
  const cut = doc.body.length - READ_LIMIT;
  return `${head}\n${doc.body.slice(0, READ_LIMIT)}\n[cut: the last ${cut} of ${doc.body.length} characters are not shown]`;
}

export function compactionLines(list: readonly Compaction[]): string {
  if (!list.length) return "no compactions in this session yet";
  const lines = list.map((c, i) => {
    const first = c.text
      .split("\n")
      .filter((line) => line.trim())
      .slice(0, 2)
      .map(oneLine)
      .join(" / ");
    return `${i + 1}. ${new Date(c.at).toISOString()} after turn ${c.turn}: ${clip(first || "(no summary text)", 240)}`;
  });
  return [`${list.length} ${list.length === 1 ? "compaction" : "compactions"} in this session:`, ...lines].join("\n");
}
