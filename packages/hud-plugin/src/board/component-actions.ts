import { contain } from "@agent-hud/ujsx";
import { decideComponent, reviewComponents, SHORT_HASH } from "../component-files/review.ts";

/** A component file waiting for the person, as a `/hud-edit` row: its answer is recorded in this process. */
export type ComponentAction = { title: string; decide: () => { ok: boolean; text: string } };

// a dialog row is about 50 columns wide: the end of a long path is the part that tells files apart
const short = (text: string, max = 50) => {
  const line = contain(text);
  return line.length > max ? `…${line.slice(line.length - max + 1)}` : line;
};

/**
 * Accept and reject rows for every component file waiting for the person (component-files/gate.ts), first in
 * `/hud-edit`: each row shows the hash of the content listed and answers for that content only, so a file
 * changed after the list was drawn is refused rather than accepted unseen.
 */
export function componentActions(directory: string, now = () => Date.now()): ComponentAction[] {
  let files;
  try {
    files = reviewComponents(directory);
  } catch {
    // an unreadable decisions file: the CLI says why; the editor still offers its other rows
    return [];
  }
  const answer = (path: string, display: string, hash: string, decision: "accepted" | "rejected") => () => {
    try {
      decideComponent(directory, path, decision, hash, now());
      const then = decision === "accepted" ? "; it renders from the agent's next call" : "";
      return { ok: true, text: `${decision} ${display}${then}` };
    } catch (error) {
      return { ok: false, text: (error as Error).message.split("\n")[0] ?? String(error) };
    }
  };
  return files
    .filter((file) => file.state === "waiting")
    .flatMap((file) => {
      const hash = file.sha256.slice(0, SHORT_HASH);
      const shown = `${short(file.display, 36)} ${hash}`;
      return [
        { title: `Accept component ${shown}`, decide: answer(file.path, file.display, hash, "accepted") },
        { title: `Reject component ${shown}`, decide: answer(file.path, file.display, hash, "rejected") },
      ];
    });
}
