/** @jsxImportSource @agent-hud/ujsx */
import type { Density } from "../density/density.ts";
import type { FileEntry } from "../state/items.ts";
import { FilePath } from "./FilePath.tsx";

export type ActiveFilesProps = { files: FileEntry[]; density: Density };
export type FileItemProps = { file: FileEntry; density: Density };

export function FileItem({ file, density }: FileItemProps) {
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
  if (density === "minimal") {
    const edited = files.filter((f) => f.action === "edit").length;
    return (
      <section>
        <paragraph>
          <strong>Files</strong> {files.length} ({edited} edited) — <code value="hud files.list" />
        </paragraph>
      </section>
    );
  }
  return (
    <section>
      <heading depth={4}>Active files</heading>
      <list>
        {files.map((file) => (
          <FileItem file={file} density={density} />
        ))}
      </list>
    </section>
  );
}
