// Internals for this repository's tests, benchmarks and the plugin's own glue
// (`@agent-hud/hud-components/internal`): the values the root leaves out (schemas of single events and
// arguments, id and text helpers, the section specs), the budget fitter's caches and steps, the render memo
// and the stable-part hash. Not a stable API; a name is in the root or here, never in both.

// audience: this repository only (tests, benchmarks, the plugin; no stable API)
export {
  At,
  Compacted,
  ContextSnapshot,
  FileAction,
  IdCounters,
  ItemId,
  itemId,
  MemoryFileState,
  Scope,
  TASK_ID,
  Text,
  TodoStatus,
  AgentComponent,
  ComponentName,
  ComponentPriority,
  ComponentSource,
  MAX_COMPONENT_SOURCE,
} from "./state/index.ts";
export {
  agentEditKinds,
  BlockerAdd,
  BlockerRemove,
  CompactAfter,
  CompactBefore,
  ContextSnapshotEvent,
  ConventionAdd,
  ConventionRemove,
  DecisionRecord,
  DecisionRemove,
  eventKinds,
  EventSource,
  FileClose,
  FileEdit,
  FileOpen,
  KeyFileAdd,
  KeyFileRemove,
  MemorySync,
  ComponentDefine,
  ComponentDisable,
  ComponentRemove,
  NoteAdd,
  NoteRemove,
  NoteUpdate,
  Resume,
  ResumeDismiss,
  SessionLink,
  StepAdd,
  StepComplete,
  StepReorder,
  TaskClear,
  TaskSet,
  TaskUpdate,
  TodoSync,
  ToolResultEvent,
  Turn,
} from "./events/index.ts";
export { clip, resolveProjectorOptions } from "./projector/index.ts";
export {
  BlockerArgs,
  checkCall,
  closeMatches,
  ComponentDefineArgs,
  ComponentNameArgs,
  componentNames,
  findComponent,
  formatComponents,
  unknownComponent,
  ConventionArgs,
  DecisionArgs,
  formatSnapshot,
  helpText,
  hostOperationNames,
  IdArgs,
  KeyFileArgs,
  NON_BLANK,
  NoArgs,
  NoteArgs,
  NoteUpdateArgs,
  ScopeFilterArgs,
  scopeOfId,
  shapeOf,
  StepArgs,
  StepReorderArgs,
  TaskArgs,
} from "./router/index.ts";
export { contextAt, lower, resolveThresholds } from "./density/index.ts";
export { utf8Length } from "./tokenize/index.ts";
export { memoryEntries, staleFor, stepEntries } from "./components/index.ts";
export { builtinSections, customSpec, treeParts } from "./sections/index.ts";
export type { ItemPart, PartsMeta, SectionInput, SectionParts, SectionSpec } from "./sections/index.ts";
export * from "./budget/index.ts";
export { clearRenderMemo } from "./render/memo.ts";
export { resolveRenderOptions, type ResolvedRenderOptions } from "./render/options.ts";
export { layoutOf, renderLayout, type Layout } from "./render/render-hud.ts";
export { fnv1a } from "./hash/fnv1a.ts";
// the TypeBox builders by name, for the plugin's own schemas: one list, so no package parses all of TypeBox at start
export { Type as SchemaBuilders } from "./schema-builders.ts";
