/** @jsxImportSource @agent-hud/ujsx */
import { h, type Child } from "@agent-hud/ujsx/core";
import { memorySections, type MemoryItem } from "../state/memory-item.ts";
import { MemoryLine } from "./MemoryLine.tsx";

export const MEMORY_TITLE = "Project memory";

/** The header's paragraphs; the parser skips them when they are unchanged, so they are never "unread". */
export const headerParagraphs: ReadonlyArray<readonly Child[]> = [
  [
    "What the coding agents working in this repository keep about the project: conventions, key files, decisions, notes and next steps. The agent-hud plugin writes this file and reads your edits back, so review it like code: add, change or delete lines, and commit.",
  ],
  [
    "One item per line. Keep the ",
    h("code", { value: "@…" }),
    " tag at the start of a line: it is how an item is recognised after its text changes. A line without a tag is a new item; a deleted line is a removed item.",
  ],
];

export type MemoryFileProps = { items: readonly MemoryItem[] };

/** The memory file: a title, the header, then every section (empty ones too, so merges find them). */
export function MemoryFile({ items }: MemoryFileProps) {
  return (
    <>
      <heading depth={1}>{MEMORY_TITLE}</heading>
      {headerParagraphs.map((children) => (
        <paragraph>{children}</paragraph>
      ))}
      {memorySections.map(({ section, title }) => {
        const lines = items.filter((item) => item.section === section);
        return (
          <section>
            <heading depth={2}>{title}</heading>
            {lines.length ? <list>{lines.map(MemoryLine)}</list> : null}
          </section>
        );
      })}
    </>
  );
}
