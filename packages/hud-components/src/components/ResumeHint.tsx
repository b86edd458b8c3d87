/** @jsxImportSource @agent-hud/ujsx */
import type { Density } from "../density/density.ts";
import type { HudView } from "../state/hud-state.ts";
import { short } from "./markup.ts";

export type ResumeHintProps = { resume?: HudView["resume"]; hasTask?: boolean; density: Density };

/** One line naming the previous session's unfinished task; hidden once this session has a task of its own. */
export function ResumeHint({ resume, hasTask, density }: ResumeHintProps) {
  if (!resume || hasTask || (!resume.task && resume.openSteps === 0)) return null;
  const task = resume.task ? `"${short(resume.task, density === "minimal" ? 50 : 100)}"` : "no task";
  const steps = `${resume.openSteps} open step${resume.openSteps === 1 ? "" : "s"}`;
  return (
    <section>
      <paragraph>
        <strong>Resume</strong>{" "}
        {density === "minimal" ? `${task}, ${steps} — ` : `last session left ${task} with ${steps}; take it over with `}
        <inlineCode value="hud resume" />
      </paragraph>
    </section>
  );
}
