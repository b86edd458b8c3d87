import type { RecallHistory } from "../../recall/index.ts";
import { messageOf, partOf } from "./bus.ts";
import type { MessagesClient } from "./event-hook.ts";

/** The slice of opencode's SDK client recall's catch-up reads through (never opencode's database file). */
export type HistoryClient = MessagesClient & {
  session: { list?(): Promise<{ data?: Array<{ id: string; time?: { updated?: number } }> }> };
};

/** opencode's sessions and messages, read back through its SDK client, in the port's shapes. */
export function opencodeHistory(client: HistoryClient | undefined): RecallHistory | undefined {
  if (!client) return undefined;
  const list = client.session.list;
  return {
    ...(list
      ? {
          sessions: async () =>
            ((await list.call(client.session)).data ?? []).map((s) => ({ id: s.id, updated: s.time?.updated })),
        }
      : {}),
    messages: async (session) =>
      ((await client.session.messages({ path: { id: session } })).data ?? []).map((m) => ({
        message: messageOf(m.info),
        parts: m.parts.flatMap((p) => partOf(p) ?? []),
      })),
  };
}
