import { densities, sectionNames, type Density, type HostOperations, type HudView } from "@agent-hud/hud-components";
import {
  componentNames,
  findComponent,
  type AgentComponent,
  type ComponentDefineArgs,
  type ComponentNameArgs,
  type Scope,
} from "@agent-hud/hud-components/internal";
import { resolve, toMarkdown } from "@agent-hud/ujsx/core";
import type { HudRuntime } from "../runtime/hud-runtime.ts";
import type { SessionRuntime } from "../runtime/session-runtime.ts";
import type { RenderOutcome } from "../agent-components/runner.ts";
import { checkSource } from "../agent-components/source-check.ts";
import { secretInSource } from "../privacy/source-secrets.ts";
import { Refusal } from "../log/refusal.ts";

const OP = "components.define";
const refuse = (text: string): never => {
  throw new Refusal(`${OP}: ${text}`);
};

/**
 * `components.define`: checked before anything is recorded, so a definition that cannot work is refused in
 * one line and the log never holds it: options, name and placement, then the source is transpiled (syntax
 * errors with their line:column, imports refused), evaluated in a fresh sandbox and rendered once at every
 * density against the current state. Only then is the event written; the checked sandbox serves the first HUD.
 */
export async function defineComponent(
  runtime: HudRuntime,
  session: SessionRuntime,
  args: ComponentDefineArgs,
): Promise<string> {
  const config = runtime.deps.config.agentComponents;
  if (!config.enabled)
    refuse("agent components are off for this project (agentComponents.enabled: false in agent-hud.jsonc)");
  const { name, source } = args;
  const scope = args.scope ?? "session";
  if ((sectionNames as string[]).includes(name)) refuse(`${name} is a built-in section; choose another name`);
  if (args.after !== undefined && !(sectionNames as string[]).includes(args.after))
    refuse(`after is ${JSON.stringify(args.after)}; expected a built-in section: ${sectionNames.join(" | ")}`);
  const view = runtime.view(session);
  const others = new Set(componentNames(view).filter((n) => n !== name));
  if (others.size >= config.maxCount)
    refuse(
      `${others.size} components are defined, the most this project allows (agentComponents.maxCount); remove one first`,
    );
  // the tokens only, on the host; compiling and running happen in the sandbox process
  const code = checkSource(source);
  if (!code.ok) return refuse(`${name}: ${code.error}`);
  const secret = runtime.deps.redact && secretInSource(runtime.deps.redact, source);
  if (secret)
    refuse(
      `${name}: the source holds a secret ([redacted:${secret}]); a component is stored as written, so read such data from the props instead`,
    );
  const event = {
    kind: "component.define" as const,
    at: runtime.deps.now(),
    name,
    source,
    ...(args.after !== undefined ? { after: args.after } : {}),
    ...(args.priority !== undefined ? { priority: args.priority } : {}),
  };
  // the limits are wall time: one try that ran out of it may only have met a busy machine, a second decides
  let checked = await check(runtime, scope, event, view);
  if (!checked.ok && checked.timedOut) checked = await check(runtime, scope, event, view);
  if (!checked.ok) return refuse(checked.error);
  const [outcome] = runtime.record(session, [{ scope, event }]);
  if (outcome && !outcome.ok) return refuse(outcome.reason);
  runtime.agents.adopt(scope, event, view, checked.outcomes);
  const preview = checked.preview;
  const place = args.after ? `after ${args.after}` : "after the built-in sections";
  const shown = preview.trim()
    ? `its output now:\n${clip(preview.trim(), 1200)}`
    : "it renders nothing for the current state";
  return `ok: defined component ${name} (${scope}), shown ${place} from the next request; ${shown}`;
}

type Checked =
  | { ok: true; outcomes: Array<[Density, RenderOutcome]>; preview: string }
  | { ok: false; error: string; timedOut: boolean };

/** Opens the source in a fresh sandbox of the sandbox process and renders it once at every density. */
async function check(runtime: HudRuntime, scope: Scope, event: AgentComponent, view: HudView): Promise<Checked> {
  const checked = await runtime.agents.check(scope, event, view);
  if (!checked.ok) {
    const error = checked.density
      ? `${event.name} failed its first render at ${checked.density} density: ${checked.error}`
      : `${event.name}: ${checked.error}`;
    return { ok: false, error, timedOut: checked.timedOut };
  }
  const full = checked.outcomes.find(([density]) => density === "full")?.[1];
  const preview = full?.ok ? toMarkdown(resolve(full.elements)) : "";
  return { ok: true, outcomes: checked.outcomes, preview };
}

/** `components.show`: the source as defined and what it rendered last (or why it failed). */
export function showComponent(runtime: HudRuntime, session: SessionRuntime, args: ComponentNameArgs): string {
  const view = runtime.view(session);
  const found = findComponent(view, args.name);
  if (!found)
    throw new Refusal(
      `components.show: no component named ${JSON.stringify(args.name)} (known: ${componentNames(view).join(", ") || "none"})`,
    );
  const { scope, component } = found;
  const last = runtime.agents.runnerOf(scope, component)?.last;
  const output = last?.elements
    ? toMarkdown(resolve(last.elements)).trim() || "(renders nothing)"
    : "(not rendered yet)";
  return [
    `${component.name} (${scope})${component.off !== undefined ? ` — off: ${component.off}` : ""}`,
    "source:",
    component.source,
    "last output:",
    output,
    ...(last?.error ? [`last failure: ${last.error}`] : []),
  ].join("\n");
}

export function componentOperations(runtime: HudRuntime, session: SessionRuntime): HostOperations {
  return {
    "components.define": (args) => defineComponent(runtime, session, args),
    "components.show": (args) => showComponent(runtime, session, args),
  };
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
