import type { BoardRender } from "../store/board-render.ts";
import { carriedItems, componentFailures, toastFor, type ToastNote } from "./toasts.ts";

/**
 * The toasts the person's view owes between polls, per session: a density or critical change, each failed
 * custom component once while it keeps failing (it toasts again if it fails anew after a good render), and
 * the items carried through a compaction once the render after it arrives.
 */
export class ToastTracker {
  private readonly last = new Map<string, BoardRender>();
  private readonly compacted = new Set<string>();
  private readonly failing = new Map<string, Set<string>>();

  /** opencode compacted the session: the next new render says what the HUD carried through. */
  compaction(sessionID: string): void {
    this.compacted.add(sessionID);
  }

  /** The toasts for a session's render as just seen (the first render seen only sets the baseline). */
  next(sessionID: string, shown: BoardRender): ToastNote[] {
    const notes: ToastNote[] = [];
    const previous = this.last.get(sessionID);
    const change = toastFor(previous, shown);
    if (change) notes.push(change);
    const failures = new Set(componentFailures(shown.markdown));
    const known = this.failing.get(sessionID);
    for (const failure of failures)
      if (!known?.has(failure)) notes.push({ variant: "error", title: "HUD component", message: failure });
    // only what still fails is remembered: a fixed component that breaks again is news
    if (failures.size) this.failing.set(sessionID, failures);
    else this.failing.delete(sessionID);
    // a render that counts more compactions than the one before it is the first after one; the host's event
    // is only for renders that do not count them (an older plugin's), as it may arrive after that render
    const counted = previous?.compactions !== undefined && shown.compactions !== undefined;
    const after = counted
      ? shown.compactions! > previous.compactions!
      : this.compacted.has(sessionID) && previous?.at !== shown.at;
    if (counted) this.compacted.delete(sessionID);
    if (after) {
      this.compacted.delete(sessionID);
      const n = carriedItems(shown.markdown);
      notes.push({ variant: "info", title: "HUD", message: `the HUD carried ${n} items through compaction` });
    }
    this.last.set(sessionID, shown);
    return notes;
  }
}
