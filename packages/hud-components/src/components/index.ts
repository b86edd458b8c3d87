export { TaskSection, type TaskSectionProps } from "./TaskSection.tsx";
export { ContextBar, type ContextBarProps } from "./ContextBar.tsx";
export { DecisionsList, DecisionItem, type DecisionsListProps, type DecisionItemProps } from "./DecisionsList.tsx";
export {
  NextSteps,
  StepItem,
  stepEntries,
  type NextStepsProps,
  type StepItemProps,
  type StepEntry,
} from "./NextSteps.tsx";
export { NotesSection, NoteItem, type NotesSectionProps, type NoteItemProps } from "./NotesSection.tsx";
export { ActiveFiles, FileItem, type ActiveFilesProps, type FileItemProps } from "./ActiveFiles.tsx";
export { Blockers, BlockerItem, type BlockersProps, type BlockerItemProps } from "./Blockers.tsx";
export { CompactedContext, type CompactedContextProps } from "./CompactedContext.tsx";
export { WarningBanner, type WarningBannerProps } from "./WarningBanner.tsx";
export { Staleness, staleFor, defaultStaleness, type StalenessProps, type StalenessOptions } from "./Staleness.tsx";
export {
  ProjectMemory,
  ProjectMemoryItem,
  memoryEntries,
  type ProjectMemoryProps,
  type ProjectMemoryItemProps,
  type MemoryEntry,
} from "./ProjectMemory.tsx";
export { ResumeHint, type ResumeHintProps } from "./ResumeHint.tsx";
export { ParentContext, ParentDecision, type ParentContextProps, type ParentDecisionProps } from "./ParentContext.tsx";
export { FilePath, type FilePathProps } from "./FilePath.tsx";
export { ListSection, type ListItemProps, type ListSectionProps } from "./ListSection.tsx";
export { short } from "./markup.ts";
