import type { AgentComponent } from "../../state/agent-component.ts";
import type { HudState } from "../../state/hud-state.ts";
import { done, noop } from "../result.ts";
import type { Handler } from "./handler.ts";

const listOf = (state: HudState): AgentComponent[] => state.components ?? [];

/** A redefinition replaces the component in place (its section keeps its slot) and switches it back on. */
export const componentDefine: Handler<"component.define"> = (state, event) => {
  const next: AgentComponent = {
    name: event.name,
    source: event.source,
    ...(event.after !== undefined ? { after: event.after } : {}),
    ...(event.priority !== undefined ? { priority: event.priority } : {}),
    at: event.at,
  };
  const list = listOf(state);
  const at = list.findIndex((c) => c.name === event.name);
  const components = at < 0 ? [...list, next] : list.map((c, i) => (i === at ? next : c));
  return done({ ...state, components }, event.name);
};

export const componentRemove: Handler<"component.remove"> = (state, event) => {
  const list = listOf(state);
  if (!list.some((c) => c.name === event.name)) return unknownName(state, event.name, list);
  const components = list.filter((c) => c.name !== event.name);
  const { components: _old, ...rest } = state;
  return done(components.length ? { ...state, components } : rest, event.name);
};

export const componentDisable: Handler<"component.disable"> = (state, event) => {
  const list = listOf(state);
  const found = list.find((c) => c.name === event.name);
  if (!found) return unknownName(state, event.name, list);
  if (found.off !== undefined) return done(state, event.name);
  const components = list.map((c) => (c === found ? { ...c, off: event.reason } : c));
  return done({ ...state, components }, event.name);
};

function unknownName(state: HudState, name: string, list: AgentComponent[]) {
  const known = list.length ? list.map((c) => c.name).join(", ") : "none";
  return noop(state, `no component named ${JSON.stringify(name)} (known: ${known})`);
}
