import type { HudState } from "../../state/hud-state.ts";
import { itemId } from "../../state/hud-state.ts";
import type { FileAction } from "../../state/items.ts";
import { capFifo, clip } from "../text.ts";
import { done, noop, type ApplyResult } from "../result.ts";
import type { Handler } from "./handler.ts";

/** A touched file moves to the newest position; "edit" is sticky so a later read does not hide an edit. */
function touch(
  state: HudState,
  rawPath: string,
  action: FileAction,
  at: number,
  pathMax: number,
  cap: number,
): ApplyResult {
  const path = clip(rawPath, pathMax);
  const index = state.files.findIndex((file) => file.path === path);
  const current = state.files[index];
  const edits = action === "edit" ? 1 : 0;
  if (current) {
    const isLast = index === state.files.length - 1;
    const nextAction: FileAction = current.action === "edit" || action === "edit" ? "edit" : "read";
    if (isLast && edits === 0 && nextAction === current.action) return done(state, current.id);
    const updated = { ...current, action: nextAction, edits: current.edits + edits, at };
    const files = [...state.files.slice(0, index), ...state.files.slice(index + 1), updated];
    return done({ ...state, files }, current.id);
  }
  const n = state.counters.f;
  const id = itemId(state.scope, "f", n);
  const files = capFifo([...state.files, { id, path, action, edits, at }], cap);
  return done({ ...state, files, counters: { ...state.counters, f: n + 1 } }, id);
}

export const fileOpen: Handler<"file.open"> = (state, event, { caps, lengths }) =>
  touch(state, event.path, event.action ?? "read", event.at, lengths.path, caps.files);

export const fileEdit: Handler<"file.edit"> = (state, event, { caps, lengths }) =>
  touch(state, event.path, "edit", event.at, lengths.path, caps.files);

export const fileClose: Handler<"file.close"> = (state, event, { lengths }) => {
  const path = clip(event.path, lengths.path);
  const file = state.files.find((entry) => entry.path === path);
  if (!file) return noop(state, `no active file "${path}"`);
  return done({ ...state, files: state.files.filter((entry) => entry !== file) }, file.id);
};
