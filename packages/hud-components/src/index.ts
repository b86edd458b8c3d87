// The public API, in two parts: what a component author reads and reuses, then what a host adapter drives.
// Every name is listed (values and types alike), so the root exports exactly what is written here. Values a
// component or a host does not need (schemas of single events and arguments, id and text helpers, the
// section specs, the fitter) live behind `@agent-hud/hud-components/internal` and may change without
// notice; a name is in one of the two, never both. o200k has its own entry point,
// `@agent-hud/hud-components/o200k`, because importing it builds its rank table (~0.4 s, ~140 MB).
// `scripts/api-report.ts` groups `api.md` by the `// audience:` lines below.

// audience: component authors
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
export type { HudView } from "./state/index.ts";
export type { CustomSection, HudComponentProps, SectionName, Stability } from "./sections/index.ts";
export { densities } from "./density/index.ts";
export type { ContextInfo, Density } from "./density/index.ts";
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
export type {
  ActiveFilesProps,
  BlockerItemProps,
  BlockersProps,
  CompactedContextProps,
  ContextBarProps,
  DecisionItemProps,
  DecisionsListProps,
  FileItemProps,
  FilePathProps,
  ListItemProps,
  ListSectionProps,
  MemoryEntry,
  NextStepsProps,
  NoteItemProps,
  NotesSectionProps,
  ParentContextProps,
  ParentDecisionProps,
  ProjectMemoryItemProps,
  ProjectMemoryProps,
  ResumeHintProps,
  StalenessOptions,
  StalenessProps,
  StepEntry,
  StepItemProps,
  TaskSectionProps,
  WarningBannerProps,
} from "./components/index.ts";

// audience: host adapter authors
export { HudEvent } from "./events/index.ts";
export type { EventOf, HudEventKind } from "./events/index.ts";
export { applyEvent, defaultCaps, defaultLengths, replay } from "./projector/index.ts";
export type { ApplyResult, LengthCaps, Outcome, ProjectorOptions, SectionCaps } from "./projector/index.ts";
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
export type {
  HistoryEntry,
  HostAnswer,
  HostOperationName,
  HostOperations,
  OperationSpec,
  Plan,
  PlanContext,
  PlannedEvent,
  ToolCall,
} from "./router/index.ts";
export { defaultThresholds, densityFor, makeContextInfo } from "./density/index.ts";
export type { Thresholds } from "./density/index.ts";
export {
  charsTokenizer,
  ESTIMATE_FACTOR,
  ESTIMATE_MARGIN,
  estimateTokenizer,
  lazyTokenizer,
  loadBpeTokenizer,
  utf8BoundTokenizer,
} from "./tokenize/index.ts";
export type { LazyTokenizer, Tokenizer } from "./tokenize/index.ts";
export { customSectionFailed, sectionNames } from "./sections/index.ts";
export { Hud, renderHud } from "./render/index.ts";
export type { HudProps, RenderOptions, RenderResult } from "./render/index.ts";
export { defaultBudgets } from "./budget/budgets.ts";
