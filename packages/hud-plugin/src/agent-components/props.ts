import type { Density, HudState, HudView } from "@agent-hud/hud-components";

/**
 * What a component's output may depend on: both states' content versions and the density. `rev` moves on
 * every content change; tool results are bookkeeping (no `rev` bump) but replace their list when they move.
 * Turns, usage and clocks are not in the props, so a call where only they moved needs no sandbox call.
 */
export type VersionKey = readonly [number, unknown, number, unknown];
export const versionOf = (view: HudView): VersionKey => [
  view.session.rev,
  view.session.toolResults,
  view.project.rev,
  view.project.toolResults,
];
export const sameVersion = (a: VersionKey, b: VersionKey): boolean => a.every((value, i) => value === b[i]);

/** A state as a component sees it: its content, without the bookkeeping a component must not depend on. */
function content(state: HudState) {
  const {
    // a counter of changes, not content: with it every change would look new to every component
    rev: _rev,
    turns: _turns,
    updatedAt: _updatedAt,
    agentUpdatedAt: _agentUpdatedAt,
    agentEdits: _agentEdits,
    agentEditTurn: _agentEditTurn,
    context: _context,
    counters: _counters,
    memoryFile: _memoryFile,
    components: _components,
    compactingSince: _compactingSince,
    ...rest
  } = state;
  return rest;
}

type Entry = { version: VersionKey; density: Density; json: string };
const recent: Entry[] = [];

/**
 * The props every agent component of a render receives, as the JSON the sandbox parses: serialised once
 * per (state version, density) and shared by all components.
 */
export function propsJson(view: HudView, density: Density): string {
  const version = versionOf(view);
  const hit = recent.find((e) => e.density === density && sameVersion(e.version, version));
  if (hit) return hit.json;
  const json = JSON.stringify({ state: content(view.session), project: content(view.project), density });
  recent.unshift({ version, density, json });
  if (recent.length > 6) recent.length = 6;
  return json;
}

let shared: { version: VersionKey; json: string; hash: bigint | number } | undefined;

function sharedOf(view: HudView): { json: string; hash: bigint | number } {
  const version = versionOf(view);
  if (shared && sameVersion(shared.version, version)) return shared;
  const json = JSON.stringify({ state: content(view.session), project: content(view.project) });
  shared = { version, json, hash: Bun.hash(json) };
  return shared;
}

/** The props without the density (`{ state, project }`), as the sandbox process receives them once per render. */
export const sharedPropsJson = (view: HudView): string => sharedOf(view).json;

/**
 * A hash of what a component sees: a state version whose content moved only where no component looks (another
 * component defined, the memory file synced) has the same hash, and its renders are reused.
 */
export const propsHash = (view: HudView): bigint | number => sharedOf(view).hash;
