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

/** The fields of an opencode 1.x message part that reach the provider; ids and timings do not. */
function partText(part: LoosePart): string {
  switch (part.type) {
    case "text":
    case "reasoning":
      return `${part.type}\u0000${String(part.text ?? "")}\u0000${part.ignored === true ? "i" : ""}`;
    case "tool": {
      const state = (part.state ?? {}) as Record<string, unknown>;
      const result = state.status === "error" ? state.error : state.output;
      return `tool\u0000${String(part.tool)}\u0000${String(part.callID)}\u0000${String(state.status)}\u0000${JSON.stringify(state.input ?? null)}\u0000${String(result ?? "")}`;
    }
    case "file":
      return `file\u0000${String(part.mime)}\u0000${String(part.filename)}\u0000${String(part.url)}`;
    case "step-start":
    case "step-finish":
    case "snapshot":
    case "patch":
      return "";
    default:
      return JSON.stringify(part);
  }
}

/** One hash per opencode 1.x message (`{ info, parts }`): its role and what its parts send. */
export function hashV1Messages(
  messages: ReadonlyArray<{ info: { role: string }; parts: readonly LoosePart[] }>,
): string[] {
  return messages.map((message) => {
    let h = hashOf(message.info.role);
    for (const part of message.parts) {
      const text = partText(part);
      if (text) h = hashOf(text, h);
    }
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
