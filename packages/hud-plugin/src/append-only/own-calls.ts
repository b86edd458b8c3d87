import type { HookDeps } from "../runtime/hook-deps.ts";
import { defaultDir, isSessionID } from "../store/index.ts";
import { lineChanges, ownCall } from "./emission.ts";
import { pushedOut } from "./pushed-out.ts";
import { readSessionFile, writeSessionFile } from "./session-file.ts";

/** Every string the call's arguments hold (the agent wrote them, so it knows them). */
function written(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) written(v, out);
  else if (value && typeof value === "object") for (const v of Object.values(value)) written(v, out);
  return out;
}

// the HUD escapes markdown and shortens long texts: compare without escapes, on a text's start
const plain = (text: string) => text.replace(/\\/g, "").trim();
const isHeading = (line: string) => /^#{1,6} /.test(line);
/** What a line is about: a heading's first word, or a line's first word without its emphasis (`**Task**`). */
const topic = (line: string) => (isHeading(line) ? line.replace(/^#+ /, "") : line).split(" ")[0]!.replace(/[*_]/g, "");
const isMarker = (word: string) => word === "" || /^([-+]|\d+\.|\[.?\]?)$/.test(word);

/**
 * The part of this change of the HUD the agent can tell from its own call: the lines it added that show
 * something the agent wrote, the lines it removed that do too or that a told line on the same topic
 * replaced (the task), the entries its additions pushed out of a full list (the full copy's header gives
 * that rule), and the headings that came or went with them. The rest (an earlier session's task copied in
 * by `resume`, an agent component's section) is left for the next update to say.
 */
export function toldByCall(before: string, after: string, args: unknown): { before: string; after: string } {
  const texts = written(args)
    .map((t) => plain(t).slice(0, 40))
    .filter((t) => t.length >= 2);
  const shows = (line: string) => texts.some((t) => plain(line).includes(t));
  const changes = lineChanges(before, after);
  const added = changes.filter((c) => c.startsWith("+ ")).map((c) => c.slice(2));
  const removed = changes.filter((c) => c.startsWith("- ")).map((c) => c.slice(2));
  const toldAdded = added.filter((line) => !isHeading(line) && shows(line));
  const headings = toldAdded.length ? added.filter(isHeading) : [];
  const replaced = (line: string) =>
    !isMarker(topic(line)) && [...headings, ...toldAdded].some((a) => topic(a) === topic(line));
  const pushed = new Set(pushedOut(before, after));
  const toldRemoved = removed.filter((line) => !isHeading(line) && (shows(line) || replaced(line) || pushed.has(line)));
  // a heading comes with its section's first item and goes with its last
  const withHeadings = (lines: string[], told: string[]) => [...(told.length ? lines.filter(isHeading) : []), ...told];
  return { before: withHeadings(removed, toldRemoved).join("\n"), after: withHeadings(added, toldAdded).join("\n") };
}

/**
 * Runs one `hud` call of the session's agent and notes in the session's file what it changed in the HUD,
 * so the next hook's update leaves that out: the call's result already told the agent. While a sub-agent
 * runs, a call may be the sub-agent's, which the main conversation never saw, so nothing is noted then
 * and the main conversation's next update carries the change.
 */
export async function runOwnCall<T>(
  deps: HookDeps,
  sessionID: string,
  args: unknown,
  call: () => Promise<T>,
  folder?: string,
): Promise<T> {
  const session = deps.runtime.session(sessionID);
  const before = deps.runtime.render(session)?.result.markdown;
  const result = await call();
  try {
    const after = deps.runtime.render(session)?.result.markdown;
    if (before === undefined || after === undefined || before === after || !isSessionID(sessionID)) return result;
    const told = toldByCall(before, after, args);
    if (!told.before && !told.after) return result;
    const dataDir = deps.config.storageDir ?? defaultDir();
    const file = readSessionFile(dataDir, sessionID, folder);
    if (!file.emission || file.subagentRunning) return result;
    file.emission = ownCall(file.emission, told.before, told.after, after);
    writeSessionFile(dataDir, sessionID, file, folder);
  } catch (error) {
    // the next update then says the change again: more tokens, never a wrong HUD
    deps.log.once(`own-call:${String(error)}`, "warn", `agent-hud: could not note a hud call's change: ${error}`);
  }
  return result;
}
