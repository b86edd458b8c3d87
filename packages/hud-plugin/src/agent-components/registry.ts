import type { CustomSection, Density, HudComponentProps, HudView } from "@agent-hud/hud-components";
import type { AgentComponent, Scope } from "@agent-hud/hud-components/internal";
import type { Child } from "@agent-hud/ujsx/core";
import { limits } from "./limits.ts";
import { sharedPropsJson } from "./props.ts";
import { ComponentRunner, type RenderOutcome } from "./runner.ts";
import type { StoredRenders } from "./stored-renders.ts";
import { Refresher } from "./background.ts";
import { checkDefinition, type Checked } from "./define-check.ts";
import {
  densityOutcomes,
  entriesOf,
  keep,
  storedOutput,
  fileOffLine,
  named,
  offLine,
  request,
  settle,
  slotKey,
  type Entry,
  type FileDefinition,
  type Listed,
  type Slot,
} from "./registry-parts.ts";

import { SandboxProcess, timing } from "./sandbox-client.ts";

export { definitions, type FileDefinition } from "./registry-parts.ts";
export { rendersSettled } from "./background.ts";
export type { Checked } from "./define-check.ts";

export type DisableEvent = {
  scope: Scope;
  event: { kind: "component.disable"; at: number; name: string; reason: string };
};

/** `agentComponents` of the plugin's config (config/schema.ts reads its defaults from `limits`). */
export type AgentComponentsConfig = { enabled: boolean; maxCount: number; budgetMs: number };

let registries = 0;
let shared: SandboxProcess | undefined;
/** One sandbox process per host process, started on the first need, shared by its plugin instances. */
export const sharedSandbox = (): SandboxProcess => (shared ??= new SandboxProcess());

/**
 * The agent's components of one runtime: a runner (and sandbox) per definition, the sections they add to
 * the HUD, and the switch-offs to record. `sections` returns the same array while nothing changed, since
 * the render options (and with them the stable-part memo) are keyed on its identity.
 */
export class AgentComponents {
  private readonly slots = new Map<string, Slot>();
  private readonly pendingOff: DisableEvent[] = [];
  /** Component files (`setFiles`), and those switched off in this process, by key, with the reason. */
  private files: FileDefinition[] = [];
  private readonly filesOff = new Map<string, string>();
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
    /** The last renders kept for the next process; none in tests that want every process cold. */
    private readonly stored?: StoredRenders,
    /** A short-lived process (a Claude Code hook on its own) shows stored renders and starts no sandbox. */
    storedOnly = false,
  ) {
    this.ahead = new Refresher((view, density) => this.prepare(view, density, true), storedOnly);
  }

  private readonly ahead: Refresher<HudView, Density>;

  /**
   * Renders what the view needs in the background: after a state change, and when a call found a component
   * without a render for its state. The LLM call never waits for it; it reads the last render.
   */
  refresh(view: HudView, density: Density = "full"): Promise<void> {
    return this.ahead.refresh(view, density);
  }

  get enabled(): boolean {
    return this.config.enabled;
  }

  /** Whether the view defines any component this registry would render (a component file counts too). */
  defines(view: HudView | undefined): boolean {
    return view !== undefined && this.entries(view).length > 0;
  }

  /** The component files to render from now on; the same array again is no change. */
  setFiles(files: FileDefinition[]): void {
    if (files === this.files) return;
    this.files = files;
    this.version++;
  }

  /** What this registry renders for the view: the agent's definitions (when enabled), then the files. */
  private entries(view: HudView): Entry[] {
    return (this.listed = entriesOf(view, this.enabled, this.files, this.listed));
  }

  /** The last `entries`: every LLM call asks them (`needsRender`), and they move only with a definition. */
  private listed: Listed | undefined;

  private isOff(entry: Entry): boolean {
    return entry.kind === "agent" ? entry.component.off !== undefined : this.filesOff.has(entry.key);
  }

  /**
   * Whether a component of this view has no render for its state at this density yet. Only the density the
   * HUD chose is rendered: another one only when the budget fitter steps down to it (a second, rarer pass).
   */
  needsRender(view: HudView, density: Density = "full"): boolean {
    return this.entries(view).some(
      (entry) => !this.isOff(entry) && this.slot(entry).runner.missing(view, [density]).length > 0,
    );
  }

  /**
   * Renders what the next HUD needs in the sandbox process, all components within one budget (the HUD is
   * built synchronously afterwards from the results). A component still running at the deadline is killed
   * with the process and counted as failed; one never begun keeps its last output and goes first next time.
   */
  async prepare(view: HudView, density: Density = "full", background = false): Promise<void> {
    const started = performance.now();
    const work = this.entries(view)
      .filter((entry) => !this.isOff(entry))
      .map((entry) => this.slot(entry))
      .map((slot) => ({ slot, missing: slot.runner.missing(view, [density]) }))
      .filter(({ missing }) => missing.length > 0)
      // one that ran out of the budget last time goes last, so it cannot starve the others
      .sort((a, b) => Number(a.slot.runner.slow) - Number(b.slot.runner.slow));
    if (!work.length) return;
    const props = sharedPropsJson(view);
    const budgetMs =
      timing.budgetMs ??
      (background ? Math.max(this.config.budgetMs, limits.backgroundBudgetMs) : this.config.budgetMs);
    const answers = await this.sandbox.renderAll(
      work.map(({ slot, missing }) => ({ ...request(slot, props), densities: missing })),
      budgetMs,
      // a process still starting (after a kill) is waited for only by a component with nothing to show yet
      background || !work.every(({ slot }) => slot.runner.hasOutput) ? limits.startMs : 0,
      // the call's budget runs from here: what came before the first render counts too
      { spentMs: performance.now() - started },
    );
    answers.forEach((answer, i) => {
      settle(work[i]!.slot.runner, view, work[i]!.missing, answer);
      keep(this.stored, work[i]!.slot.id, answer);
    });
    this.stored?.flush();
    // the process was killed: its successor opens everyone's sandbox before the next call needs it
    if (answers.some((answer) => answer.kind === "timeout"))
      this.sandbox.preopen([...this.slots.values()].map((slot) => ({ ...request(slot, props), densities: [] })));
    this.version++;
    if (answers.some((answer) => answer.kind === "timeout"))
      this.sandbox.learn(performance.now() - started - this.sandbox.pausedMs - budgetMs, budgetMs);
  }

  /**
   * A define's check: the source opened fresh under the key its slot will have and rendered at every density,
   * within `limits.defineMs` in all. The outcomes serve the first HUD if the definition is recorded (`adopt`).
   */
  check(scope: Scope, component: AgentComponent, view: HudView): Promise<Checked> {
    const id = slotKey(scope, component);
    return checkDefinition(this.sandbox, { key: this.prefix + id, id, stored: this.stored }, component, view);
  }

  /** Closes this registry's sandboxes (the plugin instance is going away; the process serves the others). */
  close(): void {
    for (const [key, slot] of this.slots) this.drop(key, slot);
  }

  /** The person's file sections followed by the agent's, as one array whose identity only moves on a change. */
  sections(view: HudView, failed: CustomSection[] = []): CustomSection[] {
    const keys = [failed, view.session.components, view.project.components, this.version];
    if (this.cache && this.cache.keys.every((k, i) => k === keys[i])) return this.cache.sections;
    const entries = this.entries(view);
    const files = entries.flatMap((entry) => (entry.kind === "file" ? this.fileSection(entry) : []));
    const agent = entries.flatMap((entry) =>
      entry.kind === "agent" ? this.section(entry.scope, entry.component) : [],
    );
    const live = new Set(entries.map((entry) => entry.key));
    for (const [key, slot] of this.slots) if (!live.has(key)) this.drop(key, slot);
    const sections = [...failed, ...files, ...agent];
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
    const slot = this.slot({ kind: "agent", key, scope, component });
    for (const [density, outcome] of outcomes) slot.runner.settle(view, density, outcome);
  }

  runnerOf(scope: Scope, component: AgentComponent): ComponentRunner | undefined {
    return this.slots.get(slotKey(scope, component))?.runner;
  }

  private fileSection(entry: Extract<Entry, { kind: "file" }>): CustomSection[] {
    const { file } = entry;
    const off = this.filesOff.get(entry.key);
    const base = { name: file.name, source: file.label, ...file.place };
    if (off !== undefined) {
      this.drop(entry.key, this.slots.get(entry.key));
      return [{ ...base, component: named(file.name, () => fileOffLine(file.label, off)) }];
    }
    const slot = this.slot(entry);
    const render = (props: HudComponentProps) => slot.runner.render(props.view, props.density);
    return [(slot.section ??= { ...base, component: named(file.name, render) })];
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
    const slot = this.slot({ kind: "agent", key, scope, component });
    const render = (props: HudComponentProps) => slot.runner.render(props.view, props.density);
    // the same section object while its slot lives: a render that moved only the version resolves no new specs
    return [(slot.section ??= { name, source: `agent component ${name}`, ...place, component: named(name, render) })];
  }

  private slot(entry: Entry): Slot {
    let slot = this.slots.get(entry.key);
    if (slot) return slot;
    slot = { key: this.prefix + entry.key, id: entry.key, runner: this.runner(entry) };
    const stored = storedOutput(this.stored, entry.key, slot.runner.definition.name);
    if (stored) slot.runner.seed(stored);
    this.slots.set(entry.key, slot);
    return slot;
  }

  private runner(entry: Entry): ComponentRunner {
    if (entry.kind === "file") {
      const { file } = entry;
      // a file is switched off in this process only: an edit is a new key, and so a new try
      const def = { name: file.name, source: file.source, label: file.label, entry: file.entry, helpers: file.helpers };
      return new ComponentRunner(def, (reason) => {
        this.filesOff.set(entry.key, reason);
        this.version++;
      });
    }
    const { scope, component } = entry;
    const off = (reason: string) => {
      if (this.pendingOff.some((p) => p.scope === scope && p.event.name === component.name)) return;
      this.pendingOff.push({
        scope,
        event: { kind: "component.disable", at: this.now(), name: component.name, reason },
      });
    };
    return new ComponentRunner(component, off);
  }

  private drop(key: string, slot: Slot | undefined): void {
    if (!slot) return;
    this.sandbox.close(slot.key);
    this.slots.delete(key);
  }
}
