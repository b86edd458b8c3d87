/** @jsxImportSource @agent-hud/ujsx */
import type { Density } from "../density/density.ts";
import type { FileEntry } from "../state/items.ts";
import { FilePath } from "./FilePath.tsx";
import { ListSection } from "./ListSection.tsx";
import { FileItem } from "./FileItem.tsx";

export type ActiveFilesProps = { files: FileEntry[]; density: Density };

/** Files read or edited in this session, newest last; derived from tool calls, not written by the agent. */
export function ActiveFiles({ files, density }: ActiveFilesProps) {
  if (!files.length) return null;
  const edited = files.filter((f) => f.action === "edit").length;
  const line =
    density === "minimal" ? (
      <>
        <strong>Files</strong> {files.length} ({edited} edited) — <inlineCode value="hud files.list" />
      </>
    ) : undefined;
  return <ListSection title="Active files" items={files} Item={FileItem} density={density} line={line} />;
}
