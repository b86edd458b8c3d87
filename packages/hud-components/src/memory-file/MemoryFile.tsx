/** @jsxImportSource @agent-hud/ujsx */
import { h, type Child } from "@agent-hud/ujsx/core";
import { memorySections, type MemoryItem } from "../state/memory-item.ts";
import { MemoryLine } from "./MemoryLine.tsx";

export const MEMORY_TITLE = "Project memory";
/** The section listing the project's agent components by name: written from the log, never read back. */
export const COMPONENTS_TITLE = "Agent components";
export const componentsNote =
  "Sections the agent added to every session's HUD (hud components.define, project scope). Only their names are here; their code is in the plugin's log (hud components.show). Remove one with /hud-edit; this list is rewritten from the log.";

/** The header's paragraphs; the parser skips them when they are unchanged, so they are never "unread". */
export const headerParagraphs: ReadonlyArray<readonly Child[]> = [
  [
    "What the coding agents working in this repository keep about the project: conventions, key files, decisions, notes and next steps. The agent-hud plugin writes this file and reads your edits back, so review it like code: add, change or delete lines, and commit.",
  ],
  [
    "One item per line. Keep the ",
    h("inlineCode", { value: "@…" }),
    " tag at the start of a line: it is how an item is recognised after its text changes. A line without a tag is a new item; a deleted line is a removed item.",
  ],
];

export type MemoryFileProps = { items: readonly MemoryItem[]; components?: readonly string[] };

/**
 * The memory file: a title, the header, then every section (empty ones too, so merges find them), and the
 * project's agent components by name when there are any.
 */
export function MemoryFile({ items, components = [] }: MemoryFileProps) {
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
      {components.length ? (
        <section>
          <heading depth={2}>{COMPONENTS_TITLE}</heading>
          <paragraph>{componentsNote}</paragraph>
          <list>
            {components.map((name) => (
              <item>
                <paragraph>
                  <inlineCode value={name} />
                </paragraph>
              </item>
            ))}
          </list>
        </section>
      ) : null}
    </>
  );
}
