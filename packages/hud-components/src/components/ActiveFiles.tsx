/** @jsxImportSource @agent-hud/ujsx */
import type { Density } from "../context/density.ts";
import type { FileEntry } from "../state/items.ts";
import { command, filePath, heading, item, itemPart, labelLine, sectionTree } from "./parts.ts";
import type { SectionParts, SectionSpec } from "./section-spec.ts";

export type ActiveFilesProps = { files: FileEntry[]; density: Density };

export function fileParts({ files, density }: ActiveFilesProps): SectionParts | null {
  if (!files.length) return null;
  const base = { noun: "files", listOp: "files.list", total: files.length };
  if (density === "minimal") {
    const edited = files.filter((f) => f.action === "edit").length;
    return {
      ...base,
      shown: 0,
      items: [],
      head: [labelLine("Files", `${files.length} (${edited} edited) — `, command("files.list"))],
    };
  }
  const line = (f: FileEntry) =>
    density === "full"
      ? item(filePath(f.path, 120), ` — ${f.action === "edit" ? `edited ×${f.edits}` : "read"}`)
      : item(filePath(f.path, 70), f.action === "edit" ? " (edited)" : "");
  return { ...base, head: [heading("Active files")], items: files.map((f) => itemPart(f, () => line(f), density)) };
}

/** Files read or edited in this session, newest last; derived from tool calls, not written by the agent. */
export function ActiveFiles(props: ActiveFilesProps) {
  return sectionTree(fileParts(props));
}

export const filesSection: SectionSpec = {
  name: "files",
  priority: 30,
  stability: "stable",
  deps: ({ view }) => [view.session.files],
  parts: ({ view }, density) => fileParts({ files: view.session.files, density }),
};
