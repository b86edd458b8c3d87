import type { HudEvent } from "@agent-hud/hud-components";
import { MemoryFileSync } from "../memory-file/index.ts";
import type { RuntimeDeps } from "./hud-runtime.ts";
import type { StreamCache } from "./stream-cache.ts";

/** The project memory file's sync over the project's stream, unless the project opted out. */
export function projectMemory(deps: RuntimeDeps, stream: StreamCache): MemoryFileSync | undefined {
  if (!deps.config.memoryFile.enabled) return undefined;
  const project = {
    state: () => (stream.catchUp(deps.store), stream.state),
    append: (event: HudEvent) => {
      deps.store.append(stream.stream, [event]);
      stream.catchUp(deps.store);
    },
  };
  const options = { ...deps.config.memoryFile, ...(deps.redact ? { redact: deps.redact } : {}) };
  return new MemoryFileSync(deps.worktree ?? deps.directory, project, options, deps.log, deps.now);
}
