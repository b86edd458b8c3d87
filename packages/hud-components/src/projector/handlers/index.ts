import type { HandlerMap } from "./handler.ts";
import { taskClear, taskSet, taskUpdate } from "./task.ts";
import { decisionRecord, decisionRemove } from "./decisions.ts";
import { noteAdd, noteRemove, noteUpdate } from "./notes.ts";
import { stepAdd, stepComplete, stepReorder } from "./steps.ts";
import { blockerAdd, blockerRemove } from "./blockers.ts";
import { fileClose, fileEdit, fileOpen } from "./files.ts";
import { conventionAdd, conventionRemove, keyFileAdd, keyFileRemove } from "./project-memory.ts";
import { toolResult } from "./tool-results.ts";
import { memorySync } from "./memory-sync.ts";
import { componentDefine, componentDisable, componentRemove } from "./components.ts";
import {
  compactAfter,
  compactBefore,
  contextSnapshot,
  resume,
  resumeDismiss,
  sessionLink,
  todoSync,
  turn,
} from "./session.ts";

// One handler per event kind; the mapped type makes a missing kind a compile error.
export const handlers: HandlerMap = {
  "task.set": taskSet,
  "task.update": taskUpdate,
  "task.clear": taskClear,
  "decision.record": decisionRecord,
  "decision.remove": decisionRemove,
  "note.add": noteAdd,
  "note.update": noteUpdate,
  "note.remove": noteRemove,
  "step.add": stepAdd,
  "step.complete": stepComplete,
  "step.reorder": stepReorder,
  "blocker.add": blockerAdd,
  "blocker.remove": blockerRemove,
  "file.open": fileOpen,
  "file.edit": fileEdit,
  "file.close": fileClose,
  "todo.sync": todoSync,
  "context.snapshot": contextSnapshot,
  "compact.before": compactBefore,
  "compact.after": compactAfter,
  "session.link": sessionLink,
  "convention.add": conventionAdd,
  "convention.remove": conventionRemove,
  "keyfile.add": keyFileAdd,
  "keyfile.remove": keyFileRemove,
  resume,
  "resume.dismiss": resumeDismiss,
  turn,
  "tool.result": toolResult,
  "memory.sync": memorySync,
  "component.define": componentDefine,
  "component.remove": componentRemove,
  "component.disable": componentDisable,
};
