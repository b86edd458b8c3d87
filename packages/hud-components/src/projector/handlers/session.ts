import { capFifo, clip } from "../text.ts";
import { done, noop } from "../result.ts";
import { TASK_ID } from "../../state/hud-state.ts";
import { appendSteps } from "./steps.ts";
import type { Handler } from "./handler.ts";

export const todoSync: Handler<"todo.sync"> = (state, event, { caps, lengths }) => {
  const todos = capFifo(
    event.todos.map((todo) => ({ ...todo, content: clip(todo.content, lengths.todo) })),
    caps.todos,
  );
  return done({ ...state, todos });
};

export const contextSnapshot: Handler<"context.snapshot"> = (state, event) =>
  done({ ...state, context: { usedTokens: event.usedTokens, usableTokens: event.usableTokens, at: event.at } });

export const compactBefore: Handler<"compact.before"> = (state, event) => done({ ...state, compactingSince: event.at });

export const compactAfter: Handler<"compact.after"> = (state, event, { lengths }) => {
  const { compactingSince: _finished, ...rest } = state;
  const summary = clip(event.summary, lengths.compacted);
  return done({
    ...rest,
    compactions: state.compactions + 1,
    ...(summary ? { compacted: { summary, at: event.at } } : {}),
  });
};

export const sessionLink: Handler<"session.link"> = (state, event) =>
  state.parentID === event.parentID ? done(state) : done({ ...state, parentID: event.parentID });

export const turn: Handler<"turn"> = (state) => done({ ...state, turns: state.turns + 1 });

export const resumeDismiss: Handler<"resume.dismiss"> = (state) =>
  done(state.resumeDismissed ? state : { ...state, resumeDismissed: true });

export const resume: Handler<"resume"> = (state, event, { caps, lengths }) => {
  if (!event.task?.trim() && !event.steps.some((text) => text.trim())) {
    return noop(state, `session ${event.fromSessionID} left no task or open steps to resume`);
  }
  let next = { ...state, resumedFrom: event.fromSessionID };
  const ids: string[] = [];
  if (event.task !== undefined && event.task.trim()) {
    const description = clip(event.task, lengths.task);
    next = {
      ...next,
      task: { id: TASK_ID, description, at: event.at, updatedAt: event.at, from: event.fromSessionID },
    };
    ids.push(TASK_ID);
  }
  const steps = event.steps.filter((text) => text.trim());
  const appended = appendSteps(next, steps, event.at, lengths.step, caps.steps, event.fromSessionID);
  ids.push(...appended.ids);
  return done(appended.state, ids[0], ids);
};
