/** @jsxImportSource @agent-hud/ujsx */
import type { Density } from "../density/density.ts";
import type { FileEntry } from "../state/items.ts";
import { FilePath } from "./FilePath.tsx";
import { ListSection, type ListItemProps } from "./ListSection.tsx";

export type ActiveFilesProps = { files: FileEntry[]; density: Density };
export type FileItemProps = ListItemProps<FileEntry>;

export function FileItem({ item: file, density }: FileItemProps) {
  const edited = file.action === "edit";
  return (
    <item>
      <paragraph>
        <FilePath path={file.path} max={density === "full" ? 120 : 70} />
        {density === "full" ? ` — ${edited ? `edited ×${file.edits}` : "read"}` : edited ? " (edited)" : ""}
      </paragraph>
    </item>
  );
}

/** Files read or edited in this session, newest last; derived from tool calls, not written by the agent. */
export function ActiveFiles({ files, density }: ActiveFilesProps) {
  if (!files.length) return null;
  const edited = files.filter((f) => f.action === "edit").length;
  const line =
    density === "minimal" ? (
      <>
        <strong>Files</strong> {files.length} ({edited} edited) — <code value="hud files.list" />
      </>
    ) : undefined;
  return <ListSection title="Active files" items={files} Item={FileItem} density={density} line={line} />;
}
