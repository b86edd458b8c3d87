// The cache ledger's evidence from opencode 1's request: one hash per message, from what its parts send.
import { hashOf, hex } from "../../cache-ledger/hash.ts";

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
