import { applyEvents } from "../../hooks/apply-event.ts";
import type { HookDeps } from "../../runtime/hook-deps.ts";
import { fromBus, type BusEvent } from "./bus.ts";

/** The slice of opencode's SDK client that reads a session's messages back. */
export type MessagesClient = {
  session: {
    messages(options: {
      path: { id: string };
    }): Promise<{ data?: Array<{ info: Record<string, unknown>; parts: Array<Record<string, unknown>> }> }>;
  };
};

/** The text of the latest summary message opencode wrote for a session. */
export async function latestSummary(
  client: MessagesClient | undefined,
  sessionID: string,
): Promise<string | undefined> {
  const response = await client?.session.messages({ path: { id: sessionID } });
  const messages = response?.data ?? [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.info["role"] !== "assistant" || message.info["summary"] !== true) continue;
    const text = message.parts
      .filter((p) => p["type"] === "text" && typeof p["text"] === "string")
      .map((p) => p["text"] as string)
      .join("\n")
      .trim();
    if (text) return text;
  }
  return undefined;
}

/** V1's `event` hook: each bus event, translated into the port, goes to the runtime. */
export function eventHook(deps: HookDeps, directory: string, client: MessagesClient | undefined) {
  const apply = applyEvents(deps, directory);
  return async ({ event }: { event: BusEvent }): Promise<void> => {
    const p = event.properties ?? {};
    // V1's session.compacted carries no summary; it is read back through the client
    const summary =
      event.type === "session.compacted" && typeof p["sessionID"] === "string" && typeof p["summary"] !== "string"
        ? ((await latestSummary(client, p["sessionID"])) ?? "")
        : undefined;
    for (const e of fromBus(event, deps.now(), summary)) await apply(e);
  };
}
