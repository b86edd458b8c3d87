export { Hud, type HudProps } from "./Hud.tsx";
export { TaskSection, taskParts, type TaskSectionProps } from "./TaskSection.tsx";
export { ContextBar, contextParts, type ContextBarProps } from "./ContextBar.tsx";
export { DecisionsList, decisionParts, type DecisionsListProps } from "./DecisionsList.tsx";
export { NextSteps, stepParts, type NextStepsProps } from "./NextSteps.tsx";
export { NotesSection, noteParts, type NotesSectionProps } from "./NotesSection.tsx";
export { ActiveFiles, fileParts, type ActiveFilesProps } from "./ActiveFiles.tsx";
export { Blockers, blockerParts, type BlockersProps } from "./Blockers.tsx";
export { CompactedContext, compactedParts, type CompactedContextProps } from "./CompactedContext.tsx";
export { WarningBanner, warningParts, type WarningBannerProps } from "./WarningBanner.tsx";
export { Staleness, stalenessParts, staleFor, defaultStaleness, type StalenessProps } from "./Staleness.tsx";
export { ProjectMemory, projectParts, type ProjectMemoryProps } from "./ProjectMemory.tsx";
export { ResumeHint, resumeParts, type ResumeHintProps } from "./ResumeHint.tsx";
export { ParentContext, parentParts, type ParentContextProps } from "./ParentContext.tsx";
export { builtinSections, sectionNames } from "./builtin.ts";
export { sectionTree } from "./parts.ts";
export type {
  CustomSection,
  HudComponentProps,
  ItemPart,
  SectionInput,
  SectionName,
  SectionParts,
  SectionSpec,
  Stability,
  StalenessOptions,
} from "./section-spec.ts";
