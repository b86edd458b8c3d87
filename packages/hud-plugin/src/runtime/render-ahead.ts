import type { Density, HudView } from "@agent-hud/hud-components";
import { inBackground } from "../agent-components/background.ts";
import type { AgentComponents } from "../agent-components/registry.ts";
import type { Logger } from "../log/index.ts";

/** The HUD laid out ahead for one session (`key`): `run` renders it and throws the result away. */
export type LayoutAhead = { key: object; run: () => unknown };

// Changes of one session scheduled and not yet run: a burst of them (a tool's events) is laid out once, after its last.
const scheduled = new WeakMap<object, number>();

/**
 * After a state change the components render in the background, once the caller's step (a tool's answer,
 * an event) has returned, so the next LLM call finds their render ready and never waits for the sandbox.
 * Then the HUD is laid out once (`layout`): the stable part is memoised per state and options, so the next
 * call takes it and renders only the volatile tail, instead of rebuilding it on the call's path (after the
 * background renders it would also run on caches they left cold). `view` is read then (the state as it is
 * after the change); undefined once the runtime closed. A process that lives for one hook passes no layout:
 * no later call there would take it. Never throws.
 */
export function renderAhead(
  agents: AgentComponents,
  view: () => HudView | undefined,
  density: Density | undefined,
  log: Logger,
  layout?: LayoutAhead | false,
) {
  if (layout) scheduled.set(layout.key, (scheduled.get(layout.key) ?? 0) + 1);
  void inBackground(async () => {
    let seen: HudView | undefined;
    try {
      // undefined: the runtime closed meanwhile (its store with it)
      seen = view();
      if (seen && agents.defines(seen)) await agents.refresh(seen, density);
    } catch (error) {
      log.once(`ahead:${String(error)}`, "warn", `agent-hud: rendering ahead failed: ${String(error)}`);
    }
    if (!layout) return;
    const left = (scheduled.get(layout.key) ?? 1) - 1;
    scheduled.set(layout.key, left);
    // a render failure is the call's to report (its render logs it and falls back)
    if (left === 0 && seen) layout.run();
  });
}
