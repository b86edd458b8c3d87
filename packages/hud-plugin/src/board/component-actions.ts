import { contain } from "@agent-hud/ujsx";
import { decideComponent, reviewComponents } from "../component-files/review.ts";

/** A component file waiting for the person, as a `/hud-edit` row: its answer is recorded in this process. */
export type ComponentAction = { title: string; decide: () => { ok: boolean; text: string } };

// a dialog row is about 50 columns wide: the end of a long path is the part that tells files apart
const short = (text: string, max = 50) => {
  const line = contain(text);
  return line.length > max ? `…${line.slice(line.length - max + 1)}` : line;
};

/**
 * Accept and reject rows for every component file written while an opencode ran (see custom/gate.ts),
 * first in `/hud-edit`: the person reads the file, then answers here or with `agent-hud components`.
 */
export function componentActions(directory: string, dataDir: string, now = () => Date.now()): ComponentAction[] {
  let files;
  try {
    files = reviewComponents(directory, dataDir);
  } catch {
    // an unreadable decisions file: the CLI says why; the editor still offers its other rows
    return [];
  }
  const answer = (path: string, display: string, decision: "accepted" | "rejected") => () => {
    try {
      decideComponent(directory, dataDir, path, decision, now());
      const then = decision === "accepted" ? "; it runs from the agent's next call" : "";
      return { ok: true, text: `${decision} ${display}${then}` };
    } catch (error) {
      return { ok: false, text: (error as Error).message.split("\n")[0] ?? String(error) };
    }
  };
  return files
    .filter((file) => file.state === "waiting")
    .flatMap((file) => [
      {
        title: `Accept component ${short(file.display)}`,
        decide: answer(file.path, file.display, "accepted"),
      },
      { title: `Reject component ${short(file.display)}`, decide: answer(file.path, file.display, "rejected") },
    ]);
}
