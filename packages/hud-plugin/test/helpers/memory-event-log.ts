import type { HudEvent } from "@agent-hud/hud-components";
import type { EventLog } from "../../src/store/ports.ts";

/** An event log held in memory, streams apart, sequence numbers shared as the store's; `onAppend` sees each event. */
export function memoryEventLog(onAppend?: (stream: string, event: HudEvent) => void): EventLog {
  const streams = new Map<string, Array<{ seq: number; event: HudEvent }>>();
  let seq = 0;
  return {
    append(stream, batch) {
      const list = streams.get(stream) ?? [];
      streams.set(stream, list);
      return batch.map((event) => (onAppend?.(stream, event), list.push({ seq: ++seq, event }), seq));
    },
    read: (stream, afterSeq = 0) => (streams.get(stream) ?? []).filter((e) => e.seq > afterSeq),
    touchSession() {},
    recentSessions: () => [],
  };
}
