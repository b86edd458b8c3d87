import type { AcceptanceStore } from "./acceptance.ts";

/**
 * Every component file renders in the sandbox, so a file's code can no longer reach the person; its output
 * still reaches the agent, and that is what the person's review decides. A file renders only once the person
 * has accepted that exact content (its sha256), wherever it is: the project's folder (cloned with the
 * repository, pulled) and the person's own global folder alike, since the agent can write either with a
 * shell or a write tool the person allowed. A rejection keeps that content out everywhere. The decisions live
 * in the person's state folder (acceptance.ts), never in a process's memory.
 */
export type Verdict = "run" | "waiting" | "rejected";

const line = (error: unknown) => (error instanceof Error ? error.message : String(error)).split("\n")[0];

/** The decision on one file's content; a store that cannot be read accepts nothing. */
export function verdictOf(
  store: AcceptanceStore,
  path: string,
  hash: string,
  warn: (key: string, line: string) => void,
): Verdict {
  let decision;
  try {
    decision = store.decision(path, hash);
  } catch (error) {
    warn(`store:${line(error)}`, `agent-hud: cannot read ${store.file} (${line(error)}); component files wait`);
    return "waiting";
  }
  if (decision === "rejected") return "rejected";
  return decision === "accepted" ? "run" : "waiting";
}
