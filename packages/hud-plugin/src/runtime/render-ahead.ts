import type { Density, HudView } from "@agent-hud/hud-components";
import { inBackground } from "../agent-components/background.ts";
import type { AgentComponents } from "../agent-components/registry.ts";
import type { Logger } from "../log/index.ts";

/**
 * After a state change the components render in the background, once the caller's step (a tool's answer,
 * an event) has returned, so the next LLM call finds their render ready and never waits for the sandbox.
 * `view` is read then (the state as it is after the change); undefined once the runtime closed. Never throws.
 */
export function renderAhead(
  agents: AgentComponents,
  view: () => HudView | undefined,
  density: Density | undefined,
  log: Logger,
) {
  void inBackground(() => {
    try {
      // undefined: the runtime closed meanwhile (its store with it)
      const seen = view();
      if (seen && agents.defines(seen)) return agents.refresh(seen, density);
    } catch (error) {
      log.once(`ahead:${String(error)}`, "warn", `agent-hud: rendering ahead failed: ${String(error)}`);
    }
  });
}
