import type { AgentComponent } from "../state/agent-component.ts";
import type { HudView } from "../state/hud-state.ts";
import type { Scope } from "../state/items.ts";

/** The component of that name and its scope; a session component shadows a project one of the same name. */
export function findComponent(view: HudView, name: string): { scope: Scope; component: AgentComponent } | undefined {
  for (const scope of ["session", "project"] as const) {
    const component = view[scope].components?.find((c) => c.name === name);
    if (component) return { scope, component };
  }
  return undefined;
}

export function componentNames(view: HudView): string[] {
  return [...(view.session.components ?? []), ...(view.project.components ?? [])].map((c) => c.name);
}

const describe = (c: AgentComponent, scope: Scope) => {
  const place = c.after ? `after ${c.after}` : "after the built-in sections";
  const state = c.off !== undefined ? `off: ${c.off}` : "on";
  return `${c.name} (${scope}) — ${place}, priority ${c.priority ?? 50}, ${c.source.length} chars, ${state}`;
};

/** `components.list`: one line per component, session first. */
export function formatComponents(view: HudView): string {
  const lines = (["session", "project"] as const).flatMap((scope) =>
    (view[scope].components ?? []).map((c) => `  ${describe(c, scope)}`),
  );
  if (!lines.length) return 'components: none (define one with { tool: "components.define", args: { name, source } })';
  return ["components:", ...lines].join("\n");
}

/** `components.remove`'s one-line refusal when no component has that name. */
export function unknownComponent(view: HudView, op: string, name: string): string {
  const known = componentNames(view);
  return `${op}: no component named ${JSON.stringify(name)} (known: ${known.length ? known.join(", ") : "none"})`;
}
