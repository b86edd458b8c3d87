// The public API, for a component author and for a host adapter: the state a component reads and the
// components it can reuse, the events and the projector that folds them, the `hud` operations, density,
// the tokenizers and renderHud. Every type is public; values a component or a host does not need
// (schemas of single events and arguments, id and text helpers, the section specs, the fitter) live behind
// `@agent-hud/hud-components/internal` and may change without notice. o200k has its own entry point,
// `@agent-hud/hud-components/o200k`, because importing it builds its rank table (~0.4 s, ~140 MB).
export type * from "./state/index.ts";
export type * from "./events/index.ts";
export type * from "./projector/index.ts";
export type * from "./router/index.ts";
export type * from "./density/index.ts";
export type * from "./tokenize/index.ts";
export type * from "./components/index.ts";
export type * from "./sections/index.ts";
export type * from "./render/index.ts";

export {
  Blocker,
  Convention,
  Decision,
  emptyState,
  FileEntry,
  HudState,
  KeyFile,
  Note,
  Step,
  Task,
  Todo,
  ToolResult,
} from "./state/index.ts";
export { HudEvent } from "./events/index.ts";
export { applyEvent, defaultCaps, defaultLengths, replay } from "./projector/index.ts";
export {
  describeOutcome,
  formatHistory,
  HandleArgs,
  hasUnfinishedWork,
  HistoryArgs,
  hudToolJsonSchema,
  operationCatalog,
  operationsByName,
  planOperation,
  resumeSummary,
  SearchArgs,
} from "./router/index.ts";
export { defaultThresholds, densities, densityFor, makeContextInfo } from "./density/index.ts";
export { charsTokenizer, lazyTokenizer, loadBpeTokenizer, utf8BoundTokenizer } from "./tokenize/index.ts";
export {
  ActiveFiles,
  BlockerItem,
  Blockers,
  CompactedContext,
  ContextBar,
  DecisionItem,
  DecisionsList,
  defaultStaleness,
  FileItem,
  FilePath,
  ListSection,
  NextSteps,
  NoteItem,
  NotesSection,
  ParentContext,
  ParentDecision,
  ProjectMemory,
  ProjectMemoryItem,
  ResumeHint,
  short,
  Staleness,
  StepItem,
  TaskSection,
  WarningBanner,
} from "./components/index.ts";
export { customSectionFailed, sectionNames } from "./sections/index.ts";
export { Hud, renderHud } from "./render/index.ts";
export { defaultBudgets } from "./budget/budgets.ts";
