import type { CacheHint, ContentPart, Message, SystemPart } from "./host-api.ts";

/** Anthropic accepts at most four cache breakpoints per request; V2's auto policy places up to three. */
const MAX_BREAKPOINTS = 4;
const AUTO_BREAKPOINTS = 3;

/**
 * V2 hands plugins its own message objects (schema classes on some releases); a message the plugin adds
 * is built with the same constructor as its neighbours, so the host sees the kind it made.
 */
function sameKind<T extends object>(template: object | undefined, fields: T): T {
  const Ctor = template?.constructor as (new (fields: T) => T) | undefined;
  if (!Ctor || (Ctor as unknown) === Object) return fields;
  try {
    return new Ctor(fields);
  } catch {
    return fields;
  }
}

const hintsIn = (parts: readonly { cache?: unknown }[]) => parts.filter((p) => p.cache).length;

/** A cache hint of the kind the host already uses in this request, else a plain ephemeral one. */
function hintLike(system: readonly SystemPart[], messages: readonly Message[]): CacheHint {
  const existing = [...system, ...messages.flatMap((m) => m.content)].find((p) => p.cache)?.cache;
  return sameKind(existing, { type: "ephemeral" } as CacheHint);
}

/**
 * Appends the HUD as the request's last user message and pins a cache hint on the last part of the message
 * before it. V2's auto policy puts its message breakpoint on the latest user message, which is now the HUD:
 * without the pin, the conversation before the HUD would be written to the cache on every call but never
 * read back. The pin is skipped when other hints already use the budget of four. Returns whether it pinned.
 */
export function appendHud(system: readonly SystemPart[], messages: Message[], text: string): boolean {
  const before = messages.at(-1);
  const hud = sameKind(before, { role: "user", content: [{ type: "text", text }] } as Message);
  if (!before || before.content.length === 0) {
    messages.push(hud);
    return false;
  }
  const used = hintsIn(system) + messages.reduce((n, m) => n + hintsIn(m.content), 0);
  const markAt = lastTextIndex(before.content);
  const pinned = !before.content[markAt]!.cache && used + AUTO_BREAKPOINTS + 1 <= MAX_BREAKPOINTS;
  if (pinned) {
    const hint = hintLike(system, messages);
    const content = before.content.map((part, i) => (i === markAt ? ({ ...part, cache: hint } as ContentPart) : part));
    messages[messages.length - 1] = sameKind(before, { ...before, content } as Message);
  }
  messages.push(hud);
  return pinned;
}

function lastTextIndex(content: readonly ContentPart[]): number {
  for (let i = content.length - 1; i >= 0; i--) if (content[i]!.type === "text") return i;
  return content.length - 1;
}

/** A system part of the host's kind carrying `text`. */
export function systemPart(system: readonly SystemPart[], text: string): SystemPart {
  return sameKind(system[0], { type: "text", text } as SystemPart);
}
