import { taskSection } from "./TaskSection.tsx";
import { resumeSection } from "./ResumeHint.tsx";
import { parentSection } from "./ParentContext.tsx";
import { blockersSection } from "./Blockers.tsx";
import { stepsSection } from "./NextSteps.tsx";
import { decisionsSection } from "./DecisionsList.tsx";
import { notesSection } from "./NotesSection.tsx";
import { projectSection } from "./ProjectMemory.tsx";
import { filesSection } from "./ActiveFiles.tsx";
import { compactedSection } from "./CompactedContext.tsx";
import { stalenessSection } from "./Staleness.tsx";
import { warningSection } from "./WarningBanner.tsx";
import { contextSection } from "./ContextBar.tsx";
import type { SectionName, SectionSpec } from "./section-spec.ts";

/** Built-in sections in their default display order; volatile ones come last so `stable` is a prefix. */
export const builtinSections: readonly SectionSpec[] = [
  taskSection,
  resumeSection,
  parentSection,
  blockersSection,
  stepsSection,
  decisionsSection,
  notesSection,
  projectSection,
  filesSection,
  compactedSection,
  stalenessSection,
  warningSection,
  contextSection,
];

export const sectionNames = builtinSections.map((s) => s.name) as SectionName[];
