import type { AcceptanceStore } from "./acceptance.ts";
import type { HudRoot } from "./roots.ts";

/**
 * Every component file renders in the sandbox, so a file's code can no longer reach the person; its output
 * still reaches the agent, and that is what the person's review decides. A file in the project's folder
 * (cloned with the repository, written by the agent, pulled) renders only once the person has accepted that
 * exact content (its sha256); a file in the person's own global folder renders unless rejected. A rejection
 * keeps that content out everywhere. The decisions live in the data folder, never in a process's memory.
 */
export type Verdict = "run" | "waiting" | "rejected";

const line = (error: unknown) => (error instanceof Error ? error.message : String(error)).split("\n")[0];

/** The decision on one file's content; a store that cannot be read accepts nothing that needs review. */
export function verdictOf(
  store: AcceptanceStore,
  scope: HudRoot["scope"],
  path: string,
  hash: string,
  warn: (key: string, line: string) => void,
): Verdict {
  let decision;
  try {
    decision = store.decision(path, hash);
  } catch (error) {
    warn(`store:${line(error)}`, `agent-hud: cannot read ${store.file} (${line(error)}); project components wait`);
    return scope === "global" ? "run" : "waiting";
  }
  if (decision === "rejected") return "rejected";
  if (decision === "accepted" || scope === "global") return "run";
  return "waiting";
}
