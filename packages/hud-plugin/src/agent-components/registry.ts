import {
  densities,
  type CustomSection,
  type Density,
  type HudComponentProps,
  type HudView,
} from "@agent-hud/hud-components";
import type { AgentComponent, Scope } from "@agent-hud/hud-components/internal";
import { h, type Child } from "@agent-hud/ujsx/core";
import { limits } from "./limits.ts";
import { sharedPropsJson } from "./props.ts";
import { ComponentRunner, outcomeOf, type RenderOutcome } from "./runner.ts";
import { SandboxProcess, timing, type Answer } from "./sandbox-client.ts";

export type DisableEvent = {
  scope: Scope;
  event: { kind: "component.disable"; at: number; name: string; reason: string };
};

/** `agentComponents` of the plugin's config (config/schema.ts reads its defaults from `limits`). */
export type AgentComponentsConfig = { enabled: boolean; maxCount: number; budgetMs: number };

export type Checked =
  | { ok: true; outcomes: Array<[Density, RenderOutcome]> }
  | { ok: false; error: string; timedOut: boolean; density?: Density };

let registries = 0;
let shared: SandboxProcess | undefined;
/** One sandbox process per host process, started on the first need, shared by its plugin instances. */
export const sharedSandbox = (): SandboxProcess => (shared ??= new SandboxProcess());

const isTimeOut = (error: string): boolean => error.startsWith("took longer than ");

type Slot = { key: string; runner: ComponentRunner };

const offLine = (name: string, reason: string): Child =>
  h(
    "paragraph",
    {},
    h("strong", {}, "⚠ agent component switched off"),
    ` ${name} failed ${limits.failuresInARow} renders in a row (last: ${reason}); fix it with components.define or drop it with components.remove`,
  );

/**
 * The agent's components of one runtime: a runner (and sandbox) per definition, the sections they add to
 * the HUD, and the switch-offs to record. `sections` returns the same array while nothing changed, since
 * the render options (and with them the stable-part memo) are keyed on its identity.
 */
export class AgentComponents {
  private readonly slots = new Map<string, Slot>();
  private readonly pendingOff: DisableEvent[] = [];
  /** Switched-off components whose notice is in the HUD but has not gone out in an LLM call yet. */
  private readonly noticeShown = new Set<string>();
  private readonly told = new Set<string>();
  private cache: { keys: unknown[]; sections: CustomSection[] } | undefined;
  private version = 0;
  private readonly sandbox = sharedSandbox();
  /** This registry's prefix for its keys in the shared process (two projects may define the same name). */
  private readonly prefix = `r${++registries}:`;

  constructor(
    private readonly config: AgentComponentsConfig,
    private readonly now: () => number,
  ) {}

  get enabled(): boolean {
    return this.config.enabled;
  }

  /** Whether the view defines any component this registry would render. */
  defines(view: HudView | undefined): boolean {
    return this.enabled && view !== undefined && definitions(view).length > 0;
  }

  /**
   * Whether a component of this view has no render for its state at this density yet. Only the density the
   * HUD chose is rendered: another one only when the budget fitter steps down to it (a second, rarer pass).
   */
  needsRender(view: HudView, density: Density = "full"): boolean {
    if (!this.enabled) return false;
    return definitions(view).some(
      ({ scope, component }) =>
        component.off === undefined && this.slot(scope, component).runner.missing(view, [density]).length > 0,
    );
  }

  /**
   * Renders what the next HUD needs in the sandbox process, all components within one budget (the HUD is
   * built synchronously afterwards from the results). A component still running at the deadline is killed
   * with the process and counted as failed; one never begun keeps its last output and goes first next time.
   */
  async prepare(view: HudView, density: Density = "full"): Promise<void> {
    if (!this.enabled) return;
    const started = performance.now();
    const work = definitions(view)
      .filter(({ component }) => component.off === undefined)
      .map(({ scope, component }) => this.slot(scope, component))
      .map((slot) => ({ slot, missing: slot.runner.missing(view, [density]) }))
      .filter(({ missing }) => missing.length > 0)
      // one that ran out of the budget last time goes last, so it cannot starve the others
      .sort((a, b) => Number(a.slot.runner.slow) - Number(b.slot.runner.slow));
    if (!work.length) return;
    const props = sharedPropsJson(view);
    const budgetMs = timing.budgetMs ?? this.config.budgetMs;
    const answers = await this.sandbox.renderAll(
      work.map(({ slot, missing }) => ({
        op: "render" as const,
        key: slot.key,
        source: slot.runner.definition.source,
        props,
        densities: missing,
      })),
      budgetMs,
      // a process still starting (after a kill) is waited for only by a component with nothing to show yet
      work.every(({ slot }) => slot.runner.hasOutput) ? 0 : limits.startMs,
      // the call's budget runs from here: what came before the first render counts too
      { spentMs: performance.now() - started },
    );
    answers.forEach((answer, i) => settle(work[i]!.slot.runner, view, work[i]!.missing, answer));
    // the process was killed: its successor opens everyone's sandbox before the next call needs it
    if (answers.some((answer) => answer.kind === "timeout"))
      this.sandbox.preopen(
        [...this.slots.values()].map((slot) => ({
          op: "render" as const,
          key: slot.key,
          source: slot.runner.definition.source,
          props,
          densities: [],
        })),
      );
    this.version++;
    if (answers.some((answer) => answer.kind === "timeout"))
      this.sandbox.learn(performance.now() - started - this.sandbox.pausedMs - budgetMs, budgetMs);
  }

  /**
   * A define's check: the source opened fresh under the key its slot will have and rendered at every density,
   * within `limits.defineMs` in all. The outcomes serve the first HUD if the definition is recorded (`adopt`).
   */
  async check(scope: Scope, component: AgentComponent, view: HudView): Promise<Checked> {
    const key = this.prefix + slotKey(scope, component);
    const all = [...densities];
    const request = { op: "render" as const, key, source: component.source, props: sharedPropsJson(view) };
    const [answer] = await this.sandbox.renderAll([{ ...request, densities: all, fresh: true }], timing.defineMs);
    if (!answer || answer.kind === "skipped")
      return { ok: false, error: "the sandbox process did not start in time", timedOut: true };
    if (answer.kind === "timeout") return { ok: false, error: answer.error, timedOut: true };
    if (!answer.reply.ok) return { ok: false, error: answer.reply.error, timedOut: isTimeOut(answer.reply.error) };
    const outcomes = densityOutcomes(component.name, all, answer);
    const failed = outcomes.find(([, outcome]) => !outcome.ok);
    if (!failed) return { ok: true, outcomes };
    this.sandbox.close(key);
    const error = (failed[1] as { error: string }).error;
    return { ok: false, error, density: failed[0], timedOut: isTimeOut(error) };
  }

  /** Closes this registry's sandboxes (the plugin instance is going away; the process serves the others). */
  close(): void {
    for (const [key, slot] of this.slots) this.drop(key, slot);
  }

  /** The person's file sections followed by the agent's, as one array whose identity only moves on a change. */
  sections(view: HudView, files: CustomSection[]): CustomSection[] {
    if (!this.enabled) return files;
    const keys = [files, view.session.components, view.project.components, this.version];
    if (this.cache && this.cache.keys.every((k, i) => k === keys[i])) return this.cache.sections;
    const agent = definitions(view).flatMap(({ scope, component }) => this.section(scope, component));
    const live = new Set(definitions(view).map(({ scope, component }) => slotKey(scope, component)));
    for (const [key, slot] of this.slots) if (!live.has(key)) this.drop(key, slot);
    const sections = agent.length ? [...files, ...agent] : files;
    this.cache = { keys, sections };
    return sections;
  }

  /** Switch-offs decided while rendering, as events for the log (taken once). */
  takeDisabled(): DisableEvent[] {
    return this.pendingOff.splice(0);
  }

  /** The render just sent carried the switch-off notices: each is said once, later HUDs leave it out. */
  delivered(): void {
    if (!this.noticeShown.size) return;
    for (const key of this.noticeShown) this.told.add(key);
    this.noticeShown.clear();
    this.version++;
  }

  /** A definition checked at define time: its renders serve the first HUD, its sandbox stays open. */
  adopt(scope: Scope, component: AgentComponent, view: HudView, outcomes: Array<[Density, RenderOutcome]>): void {
    const key = slotKey(scope, component);
    const old = this.slots.get(key);
    if (old) this.drop(key, old);
    const slot = this.slot(scope, component);
    for (const [density, outcome] of outcomes) slot.runner.settle(view, density, outcome);
  }

  runnerOf(scope: Scope, component: AgentComponent): ComponentRunner | undefined {
    return this.slots.get(slotKey(scope, component))?.runner;
  }

  private section(scope: Scope, component: AgentComponent): CustomSection[] {
    const key = slotKey(scope, component);
    const name = component.name;
    const place = {
      ...(component.after ? { after: component.after as CustomSection["after"] } : {}),
      priority: component.priority ?? 50,
    };
    if (component.off !== undefined) {
      const old = this.slots.get(key);
      if (old) this.drop(key, old);
      if (this.told.has(key)) return [];
      this.noticeShown.add(key);
      return [
        {
          name,
          source: `agent component ${name}`,
          ...place,
          component: named(name, () => offLine(name, component.off!)),
        },
      ];
    }
    const runner = this.slot(scope, component).runner;
    const render = (props: HudComponentProps) => runner.render(props.view, props.density);
    return [{ name, source: `agent component ${name}`, ...place, component: named(name, render) }];
  }

  private slot(scope: Scope, component: AgentComponent): Slot {
    const key = slotKey(scope, component);
    let slot = this.slots.get(key);
    if (!slot) this.slots.set(key, (slot = { key: this.prefix + key, runner: this.runner(scope, component) }));
    return slot;
  }

  private runner(scope: Scope, component: AgentComponent): ComponentRunner {
    const off = (reason: string) => {
      if (this.pendingOff.some((p) => p.scope === scope && p.event.name === component.name)) return;
      this.pendingOff.push({
        scope,
        event: { kind: "component.disable", at: this.now(), name: component.name, reason },
      });
    };
    return new ComponentRunner(component, off);
  }

  private drop(key: string, slot: Slot): void {
    this.sandbox.close(slot.key);
    this.slots.delete(key);
  }
}

/** A definition's slot: a redefinition (new `at`) gets a new runner and sandbox. */
const slotKey = (scope: Scope, c: AgentComponent) => `${scope}:${c.name}:${c.at}:${c.off === undefined ? "on" : "off"}`;

export function definitions(view: HudView): Array<{ scope: Scope; component: AgentComponent }> {
  const session = (view.session.components ?? []).map((component) => ({ scope: "session" as const, component }));
  const names = new Set(session.map((d) => d.component.name));
  // a session component shadows a project one of the same name
  const project = (view.project.components ?? [])
    .filter((c) => !names.has(c.name))
    .map((component) => ({ scope: "project" as const, component }));
  return [...session, ...project];
}

function named<F extends (props: HudComponentProps) => Child>(name: string, fn: F): F {
  Object.defineProperty(fn, "name", { value: name });
  return fn;
}

/** A batch answer as an outcome per density asked for; a failure before or during the renders is each one's. */
function densityOutcomes(name: string, wanted: Density[], answer: Answer | undefined): Array<[Density, RenderOutcome]> {
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

function settle(runner: ComponentRunner, view: HudView, wanted: Density[], answer: Answer): void {
  if (answer.kind === "skipped") return;
  runner.slow = answer.kind === "timeout";
  for (const [density, outcome] of densityOutcomes(runner.definition.name, wanted, answer))
    runner.settle(view, density, outcome);
}
