import type { HudEvent } from "../events/hud-event.ts";
import type { HudState, HudView } from "../state/hud-state.ts";
import type { Scope } from "../state/items.ts";
import type { ComponentDefineArgs, ComponentNameArgs, HistoryArgs, HandleArgs, SearchArgs } from "./args.ts";
import { findComponent, formatComponents, unknownComponent } from "./components.ts";
import { operationCatalog, type HostOperationName } from "./catalog.ts";
import { shapeOf } from "./shape.ts";
import { checkCall, type ToolCall } from "./validate.ts";
import { resumeSummary } from "./resume.ts";
import {
  block,
  formatBlockers,
  formatFiles,
  formatProject,
  formatScopedList,
  formatSnapshot,
  formatTask,
} from "./format.ts";

export type PlannedEvent = { scope: Scope; event: HudEvent };
export type Plan =
  | { ok: false; error: string }
  | { ok: true; output: string }
  | { ok: true; events: PlannedEvent[] }
  /** A host operation's answer; it may wait on the host (e.g. an index catching up). */
  | { ok: true; answer: Promise<string> };

/** What a host operation answers: text for the agent; a thrown Error's message is the one-line failure. */
export type HostAnswer = string | Promise<string>;
type HostArgs = {
  history: HistoryArgs;
  search: SearchArgs;
  "messages.read": HandleArgs;
  "compactions.list": object;
  "components.define": ComponentDefineArgs;
  "components.show": ComponentNameArgs;
};

/**
 * The operations whose data the host owns (event store, conversation index, earlier sessions), passed in
 * per call. A host that leaves one out gets a one-line "not available" for it.
 */
export type HostOperations = { [K in HostOperationName]?: (args: HostArgs[K]) => HostAnswer } & {
  /** The earlier session `resume` takes over, replayed. */
  resumeSource?: () => { sessionID: string; state: HudState } | undefined;
};
export type PlanContext = { now: number; host?: HostOperations };

const fail = (error: string): Plan => ({ ok: false, error });
const events = (...list: PlannedEvent[]): Plan => ({ ok: true, events: list });
const output = (text: string): Plan => ({ ok: true, output: text });

/** Project items are the p-prefixed ids (pd1, pn1, ps1) plus conventions (c1) and key files (k1). */
export const scopeOfId = (id: string): Scope => (/^(p[dnsbf]|[ck])\d+$/.test(id) ? "project" : "session");

function requireItem(
  view: HudView,
  op: string,
  id: string,
  section: "decisions" | "notes" | "steps" | "blockers" | "conventions" | "keyfiles",
  what: string,
): string | undefined {
  const state = view[scopeOfId(id)];
  const list = state[section] as Array<{ id: string }>;
  if (list.some((item) => item.id === id)) return undefined;
  const known = list.length ? list.map((item) => item.id).join(", ") : "none";
  // JSON-quoted: the id is caller text and may hold a newline, and an error must stay one line
  return `${op}: no ${what} with id ${JSON.stringify(id)} in ${state.scope} scope (known: ${known})`;
}

// A few lines that teach components.define by example; the sandbox's rules are what an agent gets wrong first.
const componentsHelp = [
  "your own HUD section: components.define { name, source, after?, priority?, scope? } with source like",
  "  export default function Tables({ state, project, density }) { const open = state.steps.filter((s) => !s.done); return <section><paragraph><strong>Tables left</strong> {open.length}</paragraph><list>{open.map((s) => <item checked={false}><paragraph>{s.description}</paragraph></item>)}</list></section>; }",
  "  elements: section heading(depth 4-6) paragraph strong emphasis delete inlineCode(value) code(value lang) link(url) list item(checked) table row cell quote rule break; strings are text",
  "  no imports, no I/O or clock: it runs sandboxed on state/project/density (20 ms, bounded memory); render less at compact, one line at minimal",
];

export function helpText(): string {
  const lines = operationCatalog.map((op) => {
    const scopes = op.scopes.includes("id") ? "scope from id" : op.scopes.join("|");
    return `${op.name} ${shapeOf(op.args)} — ${op.description} [${scopes}]`;
  });
  return [
    "hud operations (call as { tool, args }); ids: t d1 n1 s1 b1 f1 (session), pd1 pn1 ps1 c1 k1 (project):",
    ...lines,
    ...componentsHelp,
  ].join("\n");
}

/**
 * Route one `hud` call: read-only ops return their text, mutating ops return the events to append.
 * Nothing here touches storage; a failure leaves the caller's state untouched by construction.
 */
export function planOperation(view: HudView, call: ToolCall, ctx: PlanContext): Plan {
  const checked = checkCall(call);
  if (!checked.ok) return checked;
  const { op, args } = checked;
  const at = ctx.now;
  const scope = (args["scope"] as Scope | undefined) ?? "session";
  const text = (key: string) => args[key] as string;

  if (op.host) return planHost(op.name as HostOperationName, args, ctx.host);
  switch (op.name) {
    case "help":
      return output(helpText());
    case "snapshot":
      return output(formatSnapshot(view));
    case "task.get":
      return output(formatTask(view.session));
    case "task.set":
      return events({ scope: "session", event: { kind: "task.set", at, description: text("description") } });
    case "task.update":
      return events({ scope: "session", event: { kind: "task.update", at, description: text("description") } });
    case "task.clear":
      return view.session.task
        ? events({ scope: "session", event: { kind: "task.clear", at } })
        : fail("task.clear: there is no task to clear");
    case "decisions.list":
      return output(formatScopedList(view, "decisions", args["scope"] as Scope | undefined));
    case "notes.list":
      return output(formatScopedList(view, "notes", args["scope"] as Scope | undefined));
    case "steps.list":
      return output(formatScopedList(view, "steps", args["scope"] as Scope | undefined));
    case "blockers.list":
      return output(block("blockers", formatBlockers(view.session)));
    case "files.list":
      return output(block("files", formatFiles(view.session)));
    case "project.list":
      return output(formatProject(view.project));
    case "decisions.record": {
      const details = args["details"] as string | undefined;
      return events({
        scope,
        event: { kind: "decision.record", at, summary: text("summary"), ...(details ? { details } : {}) },
      });
    }
    case "notes.add":
      return events({ scope, event: { kind: "note.add", at, content: text("content") } });
    case "steps.add":
      return events({ scope, event: { kind: "step.add", at, description: text("description") } });
    case "blockers.add":
      return events({ scope: "session", event: { kind: "blocker.add", at, description: text("description") } });
    case "conventions.add":
      return events({ scope: "project", event: { kind: "convention.add", at, content: text("content") } });
    case "keyfiles.add": {
      const note = args["note"] as string | undefined;
      return events({
        scope: "project",
        event: { kind: "keyfile.add", at, path: text("path"), ...(note ? { note } : {}) },
      });
    }
    case "resume":
      return planResume(view, ctx);
    case "resume.dismiss":
      return events({ scope: "session", event: { kind: "resume.dismiss", at } });
    case "components.list":
      return output(formatComponents(view));
    case "components.remove": {
      const found = findComponent(view, text("name"));
      if (!found) return fail(unknownComponent(view, op.name, text("name")));
      return events({ scope: found.scope, event: { kind: "component.remove", at, name: text("name") } });
    }
    default:
      return planById(view, op.name, args, at);
  }
}

function planHost(name: HostOperationName, args: Record<string, unknown>, host: HostOperations | undefined): Plan {
  if (name === "search" && !/\S/.test(String(args["query"])))
    return fail(
      'search: the query is empty; expected { query: "words to find", limit?: integer, scope?: "session" | "project" }',
    );
  const answer = host?.[name] as ((args: unknown) => HostAnswer) | undefined;
  if (!answer) return fail(`${name}: not available in this host`);
  try {
    return { ok: true, answer: Promise.resolve(answer(args)) };
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
}

function planResume(view: HudView, ctx: PlanContext): Plan {
  // A second resume would append the same steps again.
  const done = view.session.resumedFrom;
  if (done)
    return fail(`resume: this session already resumed from ${done}; its task and steps are in the HUD (steps.list)`);
  const source = ctx.host?.resumeSource?.();
  const from = source?.sessionID ?? view.resume?.sessionID;
  if (!source || !from) return fail("resume: no earlier session of this project left a task or open steps");
  const summary = resumeSummary(source.state);
  if (summary.task === undefined && summary.steps.length === 0) {
    return fail(`resume: session ${from} left no unfinished task or open steps`);
  }
  const event: HudEvent = { kind: "resume", at: ctx.now, fromSessionID: from, steps: summary.steps };
  if (summary.task !== undefined) event.task = summary.task;
  return events({ scope: "session", event });
}

type IdSection = "decisions" | "notes" | "steps" | "blockers" | "conventions" | "keyfiles";
const byId: Record<string, { section: IdSection; what: string; kind: HudEvent["kind"]; scope?: Scope }> = {
  "decisions.remove": { section: "decisions", what: "decision", kind: "decision.remove" },
  "notes.update": { section: "notes", what: "note", kind: "note.update" },
  "notes.remove": { section: "notes", what: "note", kind: "note.remove" },
  "steps.complete": { section: "steps", what: "step", kind: "step.complete" },
  "blockers.remove": { section: "blockers", what: "blocker", kind: "blocker.remove", scope: "session" },
  "conventions.remove": { section: "conventions", what: "convention", kind: "convention.remove", scope: "project" },
  "keyfiles.remove": { section: "keyfiles", what: "key file", kind: "keyfile.remove", scope: "project" },
};

/** Ops that target existing items: the id must exist now, so a typo is an error and no no-op event is stored. */
function planById(view: HudView, name: string, args: Record<string, unknown>, at: number): Plan {
  if (name === "steps.reorder") {
    const ids = args["ids"] as string[];
    const scopes = new Set(ids.map(scopeOfId));
    if (scopes.size > 1) return fail("steps.reorder: ids mix session and project steps; reorder one scope at a time");
    for (const id of ids) {
      const missing = requireItem(view, name, id, "steps", "step");
      if (missing) return fail(missing);
    }
    if (new Set(ids).size !== ids.length) return fail("steps.reorder: an id appears twice; expected each id once");
    return events({ scope: scopeOfId(ids[0] as string), event: { kind: "step.reorder", at, ids } });
  }
  const spec = byId[name];
  if (!spec) return fail(`${name}: not routable here; call { tool: "help" }`);
  const id = args["id"] as string;
  const scope = spec.scope ?? scopeOfId(id);
  if (scopeOfId(id) !== scope) return fail(`${name}: ${JSON.stringify(id)} is not a ${spec.what} id of ${scope} scope`);
  const missing = requireItem(view, name, id, spec.section, spec.what);
  if (missing) return fail(missing);
  const event = (
    name === "notes.update"
      ? { kind: spec.kind, at, id, content: args["content"] as string }
      : { kind: spec.kind, at, id }
  ) as HudEvent;
  return events({ scope, event });
}
