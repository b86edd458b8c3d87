// Plays a session's recording (bench/session-recorder.ts: every hook and `hud` call opencode made) back in this
// bare bun process, with agent-hud's bundle (`with`) or without it (`without`: the recording is read and walked
// the same way, no hook runs), then prints one JSON line: the process's peak and final RSS, its CPU over the
// replay, and JSC's heap after a full collection (what is still held) with the object types that grew most.
// Run by session-inprocess.ts, one fresh process per run. Usage: bun session-replay.ts <recording> <with|without>
// <bundle> <dir>. For attributing a cost by hand: REPLAY_TIMES=1 prints the CPU by hook and between hooks (what
// a hook queued for after it, with the JIT's and the collector's threads meanwhile); REPLAY_OPTIONS=<json> passes
// plugin options (`{"recall":{"enabled":false}}` leaves a part out); JSC's own variables apply as usual
// (`BUN_JSC_useJIT=0`: the interpreter alone, the delta then is the plugin's work without any JIT).
import { readFileSync } from "node:fs";
import { replayRecording } from "./session-replay-core.ts";

/** Modules opencode has loaded before any plugin: what they cost is not the plugin's. */
for (const name of ["node:fs", "node:path", "node:os", "node:crypto", "node:url", "node:stream", "bun:sqlite"])
  await import(name);

const [recording, mode, bundle, dir] = process.argv.slice(2);
if (!recording || (mode !== "with" && mode !== "without") || !bundle || !dir)
  throw new Error("usage: bun session-replay.ts <recording> <with|without> <bundle> <dir>");
const result = await replayRecording({
  bytes: readFileSync(recording),
  mode,
  bundle,
  dir,
  pluginOptions: JSON.parse(process.env.REPLAY_OPTIONS ?? "{}") as Record<string, unknown>,
  timed: process.env.REPLAY_TIMES === "1",
});
console.log(JSON.stringify(result));
