/** What the index keeps of a message part or a HUD event: searchable text, or nothing. */
import type { PartEvent } from "../events/host-event.ts";
import { redactedHead, redactedTail } from "../privacy/redact-then-cut.ts";

export type PartText = { source: string; body: string; at?: number };

/**
 * Text parts once they are complete (assistant text streams through many updates; user text has no end
 * time), tool calls once they finished (the call and its output or error), sub-agent prompts. Reasoning,
 * files, patches and step markers are left out.
 */
/** A tool's input and output are indexed up to these sizes: enough to find them, never megabytes. */
const MAX_INPUT = 4 * 1024;
const MAX_OUTPUT = 8 * 1024;
const MAX_TEXT = 16 * 1024;

/**
 * The head and the tail of a long text with the size of what was left out between them, said in the text
 * itself, so a hit shows that the stored copy is clipped. FTS5's snippets cost grows with a document's
 * hits, and a 10 MB write would make every search over it slow. Both ends are redacted before they are
 * cut from the text, so a secret across a cut is still found whole.
 */
export function clipForIndex(text: string, max: number, redact: Redact = same): string {
  if (text.length <= max) return redact(text);
  const keep = Math.floor((max - 40) / 2);
  const cut = text.length - 2 * keep;
  const size = cut >= 1_048_576 ? `${(cut / 1_048_576).toFixed(1)} MB` : `${Math.ceil(cut / 1024)} KB`;
  return `${redactedHead(text, keep, redact)}\n[… ${size} clipped from the index …]\n${redactedTail(text, keep, redact)}`;
}

type Redact = (text: string) => string;
const same: Redact = (text) => text;

/** The part's searchable text, `redact` applied to every piece before it is clipped. */
export function partText(part: PartEvent, redact: Redact = same): PartText | undefined {
  switch (part.kind) {
    case "text": {
      if (part.ignored || !part.text.trim() || part.streaming) return undefined;
      return {
        source: "text",
        body: clipForIndex(part.text, MAX_TEXT, redact),
        ...(part.at ? { at: part.at } : {}),
      };
    }
    case "tool": {
      // the HUD's own tools: their effects are in the HUD log, and indexing search answers would echo them
      if (part.own || !part.done) return undefined;
      const input = part.input === undefined ? "" : clipForIndex(JSON.stringify(part.input), MAX_INPUT, redact);
      const output = typeof part.output === "string" ? part.output : JSON.stringify(part.output ?? "");
      const body = `${redact(part.tool)} ${input}\n${clipForIndex(output, MAX_OUTPUT, redact)}`;
      return { source: part.tool, body, ...(part.at ? { at: part.at } : {}) };
    }
    case "subtask":
      return { source: "subtask", body: redact([part.description, part.prompt].filter(Boolean).join("\n")) };
    default:
      return undefined;
  }
}

// ids and links name other items; they are not what anyone searches for
const SKIPPED_KEYS = new Set(["kind", "at", "by", "id", "ids", "fromSessionID", "parentID", "status", "priority"]);

/** The words of a HUD event: every string it carries (note content, decision summary, tool output…). */
export function eventText(event: Record<string, unknown>): string {
  const out: string[] = [];
  const walk = (value: unknown, key?: string): void => {
    if (key !== undefined && SKIPPED_KEYS.has(key)) return;
    if (typeof value === "string") {
      if (value.trim()) out.push(value);
    } else if (Array.isArray(value)) value.forEach((v) => walk(v));
    else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, k);
  };
  for (const [key, value] of Object.entries(event)) walk(value, key);
  return out.join("\n");
}
