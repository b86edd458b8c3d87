import type { SystemPartHash } from "./types.ts";

// wyhash through Bun: a few GB/s, so hashing what a hook already holds stays far below the call's cost
const hashOf = (text: string, seed = 0n): bigint => Bun.hash.wyhash(text, seed);
const hex = (h: bigint): string => h.toString(16);

export function hashText(text: string): string {
  return hex(hashOf(text));
}

/** The system parts in order, each marked as agent-hud's own when it is one of the texts the plugin added. */
export function hashSystem(parts: readonly string[], own: ReadonlySet<string>): SystemPartHash[] {
  return parts.map((text) => ({ hash: hashText(text), own: own.has(text) }));
}

type LoosePart = { type?: unknown; [key: string]: unknown };

const str = (value: unknown): string => (typeof value === "string" ? value : value === undefined ? "" : String(value));

/**
 * Folds the fields of an opencode 1.x message part that reach the provider into `h`; ids and timings do
 * not reach it. Each field is hashed on its own (chained through the seed), never concatenated: joining a
 * tool's output into a new string would copy it on every call.
 */
function foldPart(part: LoosePart, h: bigint): bigint {
  switch (part.type) {
    case "text":
    case "reasoning":
      return hashOf(str(part.text), hashOf(part.ignored === true ? `${part.type}:i` : part.type, h));
    case "tool": {
      const state = (part.state ?? {}) as Record<string, unknown>;
      h = hashOf(`tool:${str(part.tool)}:${str(part.callID)}:${str(state.status)}`, h);
      h = hashOf(JSON.stringify(state.input ?? null), h);
      return hashOf(str(state.status === "error" ? state.error : state.output), h);
    }
    case "file":
      return hashOf(`file:${str(part.mime)}:${str(part.filename)}:${str(part.url)}`, h);
    case "step-start":
    case "step-finish":
    case "snapshot":
    case "patch":
      return h;
    default:
      return hashOf(JSON.stringify(part), h);
  }
}

/** One hash per opencode 1.x message (`{ info, parts }`): its role and what its parts send. */
export function hashV1Messages(
  messages: ReadonlyArray<{ info: { role: string }; parts: readonly LoosePart[] }>,
): string[] {
  return messages.map((message) => {
    let h = hashOf(message.info.role);
    for (const part of message.parts) h = foldPart(part, h);
    return hex(h);
  });
}

/** One hash per provider-level message (opencode 2's `{ role, content }`), cache hints left out. */
export function hashPlainMessages(messages: ReadonlyArray<Record<string, unknown>>): string[] {
  return messages.map((message) =>
    hashText(
      JSON.stringify(message, (key, value) => (key === "cache" || key === "providerOptions" ? undefined : value)),
    ),
  );
}
