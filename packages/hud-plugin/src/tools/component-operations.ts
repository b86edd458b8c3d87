import { densities, sectionNames, type HostOperations, type HudView } from "@agent-hud/hud-components";
import {
  componentNames,
  findComponent,
  type ComponentDefineArgs,
  type ComponentNameArgs,
} from "@agent-hud/hud-components/internal";
import { resolve, toMarkdown } from "@agent-hud/ujsx/core";
import type { HudRuntime } from "../runtime/hud-runtime.ts";
import type { SessionRuntime } from "../runtime/session-runtime.ts";
import { newEngine } from "../agent-components/quickjs.ts";
import { renderOnce } from "../agent-components/runner.ts";
import { ComponentSandbox, isTimeOut } from "../agent-components/sandbox.ts";
import { transpile } from "../agent-components/transpile.ts";

const OP = "components.define";
const refuse = (text: string): never => {
  throw new Error(`${OP}: ${text}`);
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
  const code = transpile(source);
  if (!code.ok) return refuse(`${name}: ${code.error}`);
  // the limits are wall time: one try that ran out of it may only have met a busy machine, a second decides
  let checked = await check(name, code.code, view);
  if (!checked.ok && checked.timedOut) checked = await check(name, code.code, view);
  if (!checked.ok) return refuse(checked.error);
  const { sandbox, preview } = checked;
  const at = runtime.deps.now();
  const event = {
    kind: "component.define" as const,
    at,
    name,
    source,
    ...(args.after !== undefined ? { after: args.after } : {}),
    ...(args.priority !== undefined ? { priority: args.priority } : {}),
  };
  const [outcome] = runtime.record(session, [{ scope, event }]);
  if (outcome && !outcome.ok) {
    sandbox.dispose();
    return refuse(outcome.reason);
  }
  runtime.agents.adopt(scope, event, sandbox);
  const place = args.after ? `after ${args.after}` : "after the built-in sections";
  const shown = preview.trim()
    ? `its output now:\n${clip(preview.trim(), 1200)}`
    : "it renders nothing for the current state";
  return `ok: defined component ${name} (${scope}), shown ${place} from the next request; ${shown}`;
}

type Checked =
  { ok: true; sandbox: ComponentSandbox; preview: string } | { ok: false; error: string; timedOut: boolean };

/** Opens the code in a fresh sandbox and renders it once at every density; the sandbox is disposed on failure. */
async function check(name: string, code: string, view: HudView): Promise<Checked> {
  const opened = ComponentSandbox.open(await newEngine(), code);
  if (!opened.ok) return { ok: false, error: `${name}: ${opened.error}`, timedOut: isTimeOut(opened.error) };
  const sandbox = opened.sandbox;
  let preview = "";
  for (const density of densities) {
    const outcome = renderOnce(sandbox, name, view, density);
    if (!outcome.ok) {
      sandbox.dispose();
      const error = `${name} failed its first render at ${density} density: ${outcome.error}`;
      return { ok: false, error, timedOut: isTimeOut(outcome.error) };
    }
    if (density === "full") preview = toMarkdown(resolve(outcome.elements));
  }
  return { ok: true, sandbox, preview };
}

/** `components.show`: the source as defined and what it rendered last (or why it failed). */
export function showComponent(runtime: HudRuntime, session: SessionRuntime, args: ComponentNameArgs): string {
  const view = runtime.view(session);
  const found = findComponent(view, args.name);
  if (!found)
    throw new Error(
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
