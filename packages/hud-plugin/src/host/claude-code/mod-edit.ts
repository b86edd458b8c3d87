import type { ToolCall } from "@agent-hud/hud-components";
import type { HookDeps } from "../../runtime/hook-deps.ts";
import { applyPersonCall } from "../../edit/person-call.ts";

/**
 * `/hud-edit` in Claude Code (through the mod): the person's edits, typed after the command as
 * `<operation> <text or id>` (or `<operation> <JSON args>`), recorded as the person's (`by: "person"`), the
 * way opencode's `/hud-edit` dialog records them. The agent reads them on its next call.
 */

/** The argument each operation takes from the text after it. */
const TEXT_ARG: Readonly<Record<string, string>> = {
  "task.set": "description",
  "notes.add": "content",
  "decisions.record": "summary",
  "steps.add": "description",
  "blockers.add": "description",
};

export const EDIT_USAGE = [
  "usage: /hud-edit <operation> <text or id>, e.g.",
  "  /hud-edit task.set Ship the CSV exporter",
  "  /hud-edit notes.add the staging database is read-only",
  "  /hud-edit decisions.record keep the v1 format | steps.add write the tests | blockers.add CI is red",
  "  /hud-edit steps.complete s1 | notes.remove n2 | decisions.remove d1 | blockers.remove b1",
  '  /hud-edit notes.update {"id":"n1","content":"…"}   (any operation of the hud tool, with its JSON args)',
].join("\n");

/** The hud call the typed line stands for, or a one-line reason it stands for none. */
export function parseEdit(line: string): ToolCall | string {
  const text = line.trim();
  if (!text) return EDIT_USAGE;
  const space = text.search(/\s/);
  const tool = space < 0 ? text : text.slice(0, space);
  const rest = space < 0 ? "" : text.slice(space).trim();
  if (rest.startsWith("{")) {
    try {
      return { tool, args: JSON.parse(rest) as Record<string, unknown> };
    } catch {
      return `hud-edit: the arguments after ${tool} are not JSON: ${rest}`;
    }
  }
  const key = TEXT_ARG[tool];
  if (key) return rest ? { tool, args: { [key]: rest } } : `hud-edit: ${tool} needs a text after it`;
  if (/\.(remove|complete)$/.test(tool)) return rest ? { tool, args: { id: rest } } : `hud-edit: ${tool} needs an id`;
  return rest ? `hud-edit: ${tool} takes JSON args, e.g. ${tool} {"id":"n1"}` : { tool };
}

/** Runs the person's edit on the server's runtime and shows the changed HUD in the person's views at once. */
export async function applyEdit(
  deps: HookDeps,
  sessionID: string,
  line: string,
): Promise<{ ok: boolean; text: string }> {
  const call = parseEdit(line);
  if (typeof call === "string") return { ok: false, text: call };
  const runtime = deps.runtime;
  const session = runtime.session(sessionID);
  const answer = await applyPersonCall(runtime, session, call, deps.now());
  if (!answer.recorded) return { ok: answer.ok, text: answer.text };
  const text = answer.text;
  const rendered = runtime.render(session);
  if (rendered) deps.publisher.publish(session.id, ["current"], runtime.keep(session, rendered), rendered.input);
  return { ok: true, text };
}
