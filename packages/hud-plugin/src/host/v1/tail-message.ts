// opencode 1's message shape: the HUD rides in a clone of the latest user message.
/** The loosely typed message shape of `experimental.chat.messages.transform` that this module touches. */
export type TransformMessage = {
  info: { id: string; role: string; sessionID: string; [key: string]: unknown };
  parts: Array<{
    id: string;
    type: string;
    messageID?: string;
    text?: string;
    ignored?: boolean;
    [key: string]: unknown;
  }>;
};

/**
 * Builds the message that carries the HUD at the end of the request. opencode drops a hand-made partial
 * message or part on its way to the provider, so the HUD rides in a full clone of the latest user message
 * (its info and one of its text parts) under fresh ids. Every earlier message stays byte-identical, which
 * keeps the provider's cached prefix. Returns undefined when there is no user text message to clone.
 */
export function hudTailMessage(messages: readonly TransformMessage[], text: string): TransformMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.info.role !== "user") continue;
    const part = message.parts.find((p) => p.type === "text" && !p.ignored);
    if (!part) continue;
    const info = structuredClone(message.info);
    // fresh ids sort after the source's, as opencode's ascending ids would
    info.id = `${messages.at(-1)!.info.id}hud`;
    const clone = structuredClone(part);
    clone.id = `${part.id}hud`;
    clone.messageID = info.id;
    clone.text = text;
    return { info, parts: [clone] };
  }
  return undefined;
}

/** The session a transform call belongs to (the hook's input carries none). */
export function sessionOf(messages: readonly TransformMessage[]): string | undefined {
  return messages.at(-1)?.info.sessionID;
}
