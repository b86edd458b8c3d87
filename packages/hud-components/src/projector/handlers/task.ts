import { TASK_ID } from "../../state/hud-state.ts";
import { clip } from "../text.ts";
import { done, noop } from "../result.ts";
import type { Handler } from "./handler.ts";

export const taskSet: Handler<"task.set"> = (state, event, { lengths }) =>
  done(
    {
      ...state,
      task: { id: TASK_ID, description: clip(event.description, lengths.task), at: event.at, updatedAt: event.at },
    },
    TASK_ID,
  );

export const taskUpdate: Handler<"task.update"> = (state, event, { lengths }) => {
  const description = clip(event.description, lengths.task);
  const task = state.task
    ? { ...state.task, description, updatedAt: event.at }
    : { id: TASK_ID, description, at: event.at, updatedAt: event.at };
  return done({ ...state, task }, TASK_ID);
};

export const taskClear: Handler<"task.clear"> = (state) => {
  if (!state.task) return noop(state, "there is no task to clear");
  const { task: _cleared, ...rest } = state;
  return done(rest, TASK_ID);
};
