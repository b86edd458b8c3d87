// The replay (session-replay-core.ts) inside a real opencode process instead of a bare bun one: an opencode
// plugin that, once opencode has started, plays a recording back with agent-hud's bundle or without it and
// writes the result as JSON. opencode's own heap, its garbage collector's pace and the pages of the runtime it
// has already touched are then the baseline, as they are for agent-hud in use. The peak is reset just before
// the replay (Linux's clear_refs), so opencode's start-up peak does not hide the replay's. Options: `recording`,
// `mode` ("with" | "without"), `bundle`, `dir` (a fresh folder), `result` (the file to write),
// `delayMs`, `pluginOptions` (agent-hud's).
import { readFileSync, writeFileSync } from "node:fs";
import { replayRecording } from "./session-replay-core.ts";

type Options = {
  recording: string;
  mode: "with" | "without";
  bundle: string;
  dir: string;
  result: string;
  delayMs?: number;
  pluginOptions?: Record<string, unknown>;
};

export default {
  id: "agent-hud-replay",
  server: async (_input: unknown, options: Options) => {
    const bytes = readFileSync(options.recording);
    setTimeout(async () => {
      try {
        writeFileSync("/proc/self/clear_refs", "5");
        const { mode, bundle, dir, pluginOptions } = options;
        const result = await replayRecording({ bytes, mode, bundle, dir, pluginOptions });
        writeFileSync(options.result, JSON.stringify(result));
      } catch (error) {
        writeFileSync(options.result, JSON.stringify({ error: String((error as Error)?.stack ?? error) }));
      }
    }, options.delayMs ?? 3_000);
    return {};
  },
};
