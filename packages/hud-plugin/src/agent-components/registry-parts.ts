import type { CustomSection, Density, HudComponentProps, HudView } from "@agent-hud/hud-components";
import type { AgentComponent, Scope } from "@agent-hud/hud-components/internal";
import { h, type Child } from "@agent-hud/ujsx/core";
import { outcomeOf, tooOften, type ComponentRunner, type RenderOutcome } from "./runner.ts";
import type { StoredRenders } from "./stored-renders.ts";
import type { Answer } from "./sandbox-client.ts";
import type { FileModule } from "./sandbox-protocol.ts";

// The registry's vocabulary: what it renders (an agent's definition or a component file), the lines it
// shows for a switched-off one, and how a batch's answers become each runner's outcomes.

/** `key`: the slot's key in the shared sandbox process (registry prefix); `id`: its entry's, stable across processes. */
export type Slot = { key: string; id: string; runner: ComponentRunner; section?: CustomSection };

/**
 * A component file, read on the host as text (never evaluated there) and rendered in the sandbox like an
 * agent's component. `key` moves with its content (and its helpers'), so an edit gets a fresh sandbox.
 */
export type FileDefinition = Required<FileModule> & {
  key: string;
  name: string;
  /** How failure lines name it: its path (`.opencode/hud/Deploy.tsx`, `~/.config/…`). */
  label: string;
  source: string;
  place: Pick<CustomSection, "before" | "after" | "priority" | "stability">;
};

/** One thing to render: an agent's definition (`agent`) or a component file (`file`). */
export type Entry =
  | { kind: "agent"; key: string; scope: Scope; component: AgentComponent }
  | { kind: "file"; key: string; file: FileDefinition };

export const offLine = (name: string, reason: string): Child =>
  h(
    "paragraph",
    {},
    h("strong", {}, "⚠ agent component switched off"),
    ` ${name} failed ${tooOften} (last: ${reason}); define it again, fixed, to switch it back on (components.define), or drop it (components.remove)`,
  );
export const fileOffLine = (label: string, reason: string): Child =>
  h(
    "paragraph",
    {},
    h("strong", {}, "⚠ custom section failed"),
    ` ${label}: switched off, it failed ${tooOften} (last: ${reason}); fix it, then agent-hud components accept it`,
  );

/** A definition's slot: a redefinition (new `at`) gets a new runner and sandbox. */
export const slotKey = (scope: Scope, c: AgentComponent) =>
  `${scope}:${c.name}:${c.at}:${c.off === undefined ? "on" : "off"}`;

export function definitions(view: HudView): Array<{ scope: Scope; component: AgentComponent }> {
  const session = (view.session.components ?? []).map((component) => ({ scope: "session" as const, component }));
  const names = new Set(session.map((d) => d.component.name));
  // a session component shadows a project one of the same name
  const project = (view.project.components ?? [])
    .filter((c) => !names.has(c.name))
    .map((component) => ({ scope: "project" as const, component }));
  return [...session, ...project];
}

/** `entriesOf`'s last answer, with what it was computed from (all compared by identity). */
export type Listed = Entry[] & { from?: readonly unknown[] };

/**
 * What a registry renders for the view: the agent's definitions (when enabled), then the files. The last
 * list comes back while the definitions and files keep their identity, so a call allocates nothing here.
 */
export function entriesOf(view: HudView, enabled: boolean, files: FileDefinition[], last?: Listed): Listed {
  const from = [view.session.components, view.project.components, enabled, files];
  if (last?.from?.every((k, i) => k === from[i])) return last;
  const agent: Entry[] = enabled
    ? definitions(view).map(({ scope, component }) => ({
        kind: "agent",
        key: slotKey(scope, component),
        scope,
        component,
      }))
    : [];
  const list: Listed = [...agent, ...files.map((file): Entry => ({ kind: "file", key: `file:${file.key}`, file }))];
  list.from = from;
  return list;
}

export function named<F extends (props: HudComponentProps) => Child>(name: string, fn: F): F {
  Object.defineProperty(fn, "name", { value: name });
  return fn;
}

/** A slot's render request: its source, and a file's name and helpers for the sandbox to link. */
export function request(slot: Slot, props: string) {
  const def = slot.runner.definition as { source: string } & FileModule;
  const file = def.entry !== undefined ? { entry: def.entry, helpers: def.helpers ?? {} } : {};
  return { op: "render" as const, key: slot.key, source: def.source, props, ...file };
}

/** A batch answer as an outcome per density asked for; a failure before or during the renders is each one's. */
export function densityOutcomes(
  name: string,
  wanted: Density[],
  answer: Answer | undefined,
): Array<[Density, RenderOutcome]> {
  if (!answer || answer.kind === "skipped")
    return wanted.map((d) => [d, { ok: false, error: "the sandbox process did not start in time" }]);
  if (answer.kind === "timeout") return wanted.map((d) => [d, { ok: false, error: answer.error }]);
  const reply = answer.reply;
  if (!reply.ok) return wanted.map((d) => [d, { ok: false, error: reply.error }]);
  const last = reply.outputs.at(-1);
  return wanted.map((density) => {
    const output = reply.outputs.find((o) => o.density === density);
    if (output) return [density, outcomeOf(output, name)];
    // the process stopped at a render that left the sandbox unusable: the rest share its reason
    return [density, { ok: false, error: last && !last.ok ? last.error : "not rendered" }];
  });
}

export function settle(runner: ComponentRunner, view: HudView, wanted: Density[], answer: Answer): void {
  if (answer.kind === "skipped") return;
  runner.slow = answer.kind === "timeout";
  for (const [density, outcome] of densityOutcomes(runner.definition.name, wanted, answer))
    runner.settle(view, density, outcome);
}

/** Keeps the good outputs of an answer for the next process (stored-renders.ts). */
export function keep(stored: StoredRenders | undefined, id: string, answer: Answer | undefined): void {
  if (!stored || answer?.kind !== "done" || !answer.reply.ok) return;
  for (const output of answer.reply.outputs) if (output.ok) stored.put(id, output.density, output.json);
}

/** A stored render that still passes the host's checks, to show until the sandbox has rendered. */
export function storedOutput(stored: StoredRenders | undefined, id: string, name: string): Child[] | undefined {
  const densities = stored?.get(id);
  for (const json of Object.values(densities ?? {})) {
    if (typeof json !== "string") continue;
    const outcome = outcomeOf({ density: "full", ok: true, json }, name);
    if (outcome.ok) return outcome.elements;
  }
  return undefined;
}
