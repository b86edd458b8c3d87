/** @jsxImportSource @agent-hud/ujsx */
import type { ListItemProps } from "./ListSection.tsx";
import type { StepEntry } from "./NextSteps.tsx";

export type StepItemProps = ListItemProps<StepEntry>;

export function StepItem({ item: entry }: StepItemProps) {
  return (
    <item checked={entry.done}>
      <paragraph>{entry.text}</paragraph>
    </item>
  );
}
