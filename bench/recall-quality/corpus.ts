// Lays facts, their near misses and everyday turns out as one session and feeds it to the plugin the way
// opencode does (message and part updates on the bus; the HUD log indexed up to its cursor), so the
// documents are stored by the same code `hud search` reads.
import type { HostEvent, Recall } from "@agent-hud/hud-plugin/internal";
import type { Rng } from "./random.ts";
import type { Fact, Item, Query } from "./types.ts";

export type Built = { queries: Query[]; answers: Map<string, number>; messages: number; updateMs: number[] };

type Layout = { items: Item[]; queries: Query[] };

/**
 * Answers sit mostly in the older half (squared position), under many newer turns; near misses anywhere.
 * A compaction summary every `compactEvery` messages.
 */
export function layout(
  r: Rng,
  name: string,
  facts: Fact[],
  filler: (r: Rng) => Item[],
  size: number,
  compactEvery: number,
  summary?: (r: Rng) => Item,
): Layout {
  const stream: Item[][] = [];
  let messages = 0;
  while (messages < size) {
    const turn = filler(r);
    messages += turn.filter((i) => "role" in i).length;
    stream.push(turn);
  }
  const queries: Query[] = [];
  facts.forEach((fact, i) => {
    const label = `${name}:${i}`;
    stream.splice(Math.floor(r.next() ** 2 * stream.length), 0, [{ ...fact.answer, label }]);
    for (const d of fact.distractors) stream.splice(Math.floor(r.next() * stream.length), 0, [d]);
    for (const q of fact.queries) queries.push({ ...q, answer: label });
  });
  const items: Item[] = [];
  let sinceCompaction = 0;
  for (const turn of stream) {
    items.push(...turn);
    sinceCompaction += turn.length;
    if (summary && sinceCompaction >= compactEvery) {
      items.push({ role: "user", part: { type: "text", text: "/compact" } }, summary(r));
      sinceCompaction = 0;
    }
  }
  return { items, queries };
}

let ids = 0;
const id = (prefix: string) => `${prefix}_${(++ids).toString(36).padStart(10, "0")}`;

/**
 * Feeds a layout to the plugin: the first messages in bulk (one transaction), the last `timed` one by
 * one as live bus events, each its own transaction, timed.
 */
export function feed(recall: Recall, session: string, start: number, { items, queries }: Layout, timed: number): Built {
  const answers = new Map<string, number>();
  const keys = new Map<string, string>();
  const stream = `session:${session}`;
  const events: Array<{ seq: number; event: { kind: string; at: number } }> = [];
  const updateMs: number[] = [];
  let at = start;
  let messages = 0;
  const total = items.filter((i) => "role" in i).length;
  const one = (item: Item) => {
    at += 1_000;
    if ("event" in item) {
      const seq = events.length + 1;
      events.push({ seq, event: { ...item.event, at } });
      recall.index.events(stream, session, events.slice(-1));
      if (item.label) keys.set(item.label, `event:${stream}:${seq}`);
      return;
    }
    const message = id("msg");
    const partID = id("prt");
    const where = { session, message, id: partID };
    const part: HostEvent =
      item.part.type === "text"
        ? { kind: "text", ...where, text: item.part.text, at }
        : {
            kind: "tool",
            ...where,
            tool: item.part.tool,
            own: false,
            done: true,
            failed: false,
            input: item.part.input,
            output: item.part.output,
            at,
          };
    const t0 = Bun.nanoseconds();
    recall.observe({
      kind: "message",
      session,
      id: message,
      role: item.role,
      at,
      ...(item.summary ? { summary: true } : {}),
    });
    recall.observe(part);
    if (messages >= total - timed) updateMs.push((Bun.nanoseconds() - t0) / 1e6);
    messages++;
    if (item.label) keys.set(item.label, `part:${partID}`);
  };
  let bulk = 0;
  for (let seen = 0; bulk < items.length && seen < total - timed; bulk++) if ("role" in items[bulk]!) seen++;
  recall.index.transaction(() => items.slice(0, bulk).forEach(one));
  items.slice(bulk).forEach(one);
  const lookup = recall.index.db.query("SELECT id FROM docs WHERE key = ?");
  for (const [label, key] of keys) {
    const row = lookup.get(key) as { id: number } | null;
    if (!row) throw new Error(`the answer ${label} was not indexed`);
    answers.set(label, row.id);
  }
  return { queries, answers, messages, updateMs };
}
