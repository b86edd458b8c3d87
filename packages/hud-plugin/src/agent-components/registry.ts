import type { CustomSection, HudComponentProps, HudView } from "@agent-hud/hud-components";
import type { AgentComponent, Scope } from "@agent-hud/hud-components/internal";
import { h, type Child } from "@agent-hud/ujsx/core";
import type { HudConfig } from "../config/index.ts";
import { limits } from "./limits.ts";
import { newEngine } from "./quickjs.ts";
import { ComponentRunner } from "./runner.ts";
import { openSandbox, type ComponentSandbox } from "./sandbox.ts";
import { transpile } from "./transpile.ts";

export type DisableEvent = {
  scope: Scope;
  event: { kind: "component.disable"; at: number; name: string; reason: string };
};

type Slot = { runner: ComponentRunner; sandbox?: ComponentSandbox | { error: string } };

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

  constructor(
    private readonly config: HudConfig["agentComponents"],
    private readonly now: () => number,
  ) {}

  get enabled(): boolean {
    return this.config.enabled;
  }

  /** Whether a component of this view has no sandbox open (the render is synchronous and cannot open one). */
  needsLoad(view: HudView): boolean {
    if (!this.enabled) return false;
    return definitions(view).some(
      ({ scope, component }) => component.off === undefined && !this.slots.get(slotKey(scope, component))?.sandbox,
    );
  }

  /** Opens the sandboxes a render needs (an LLM call is async; the render itself is not). */
  async prepare(view: HudView): Promise<void> {
    if (!this.needsLoad(view)) return;
    for (const { scope, component } of definitions(view)) {
      if (component.off !== undefined) continue;
      const key = slotKey(scope, component);
      let slot = this.slots.get(key);
      if (!slot) this.slots.set(key, (slot = { runner: this.runner(scope, component) }));
      if (slot.sandbox) continue;
      const source = slot.runner.definition.source;
      // a sandbox that cannot open (QuickJS did not load) is that component's one failure line
      slot.sandbox = await openSandbox(source, transpile, newEngine).catch((error: unknown) => ({
        error: `the sandbox (QuickJS) did not load: ${String(error).split("\n")[0]}`,
      }));
    }
    this.version++;
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

  /** A sandbox checked at define time, kept so the first render does not compile the source again. */
  adopt(scope: Scope, component: AgentComponent, sandbox: ComponentSandbox): void {
    const key = slotKey(scope, component);
    const old = this.slots.get(key);
    if (old) this.drop(key, old);
    this.slots.set(key, { runner: this.runner(scope, component), sandbox });
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
    let slot = this.slots.get(key);
    if (!slot) this.slots.set(key, (slot = { runner: this.runner(scope, component) }));
    const runner = slot.runner;
    const render = (props: HudComponentProps) => runner.render(props.view, props.density);
    return [{ name, source: `agent component ${name}`, ...place, component: named(name, render) }];
  }

  private runner(scope: Scope, component: AgentComponent): ComponentRunner {
    const key = slotKey(scope, component);
    const sandbox = () => this.slots.get(key)?.sandbox;
    const broken = () => {
      const slot = this.slots.get(key);
      if (slot?.sandbox && "dispose" in slot.sandbox) slot.sandbox.dispose();
      if (slot) delete slot.sandbox;
    };
    const off = (reason: string) => {
      if (this.pendingOff.some((p) => p.scope === scope && p.event.name === component.name)) return;
      this.pendingOff.push({
        scope,
        event: { kind: "component.disable", at: this.now(), name: component.name, reason },
      });
    };
    return new ComponentRunner(component, sandbox, off, broken);
  }

  private drop(key: string, slot: Slot): void {
    if (slot.sandbox && "dispose" in slot.sandbox) slot.sandbox.dispose();
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
