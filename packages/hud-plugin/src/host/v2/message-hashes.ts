// The cache ledger's evidence from opencode 2's request: one hash per provider-level message.
import { hashText } from "../../cache-ledger/hash.ts";

/** One hash per provider-level message (opencode 2's `{ role, content }`), cache hints left out. */
export function hashPlainMessages(messages: ReadonlyArray<Record<string, unknown>>): string[] {
  return messages.map((message) =>
    hashText(
      JSON.stringify(message, (key, value) => (key === "cache" || key === "providerOptions" ? undefined : value)),
    ),
  );
}
