/** @jsxImportSource @agent-hud/ujsx */
import type { Density } from "../context/density.ts";
import type { HudView } from "../state/hud-state.ts";
import { command, labelLine, sectionTree, short } from "./parts.ts";
import type { SectionParts, SectionSpec } from "./section-spec.ts";

export type ResumeHintProps = { resume?: HudView["resume"]; hasTask?: boolean; density: Density };

export function resumeParts({ resume, hasTask, density }: ResumeHintProps): SectionParts | null {
  if (!resume || hasTask || (!resume.task && resume.openSteps === 0)) return null;
  const task = resume.task ? `"${short(resume.task, density === "minimal" ? 50 : 100)}"` : "no task";
  const steps = `${resume.openSteps} open step${resume.openSteps === 1 ? "" : "s"}`;
  const text =
    density === "minimal" ? `${task}, ${steps} — ` : `last session left ${task} with ${steps}; take it over with `;
  return {
    head: [labelLine("Resume", text, command("resume"))],
    items: [],
    noun: "resume hint",
    listOp: "resume",
    total: 1,
  };
}

/** One line naming the previous session's unfinished task; hidden once this session has a task of its own. */
export function ResumeHint(props: ResumeHintProps) {
  return sectionTree(resumeParts(props));
}

export const resumeSection: SectionSpec = {
  name: "resume",
  priority: 85,
  stability: "stable",
  deps: ({ view }) => [
    view.resume?.sessionID,
    view.resume?.task,
    view.resume?.openSteps,
    view.session.task === undefined,
  ],
  parts: ({ view }, density) => resumeParts({ resume: view.resume, hasTask: view.session.task !== undefined, density }),
};
