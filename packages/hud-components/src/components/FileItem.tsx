/** @jsxImportSource @agent-hud/ujsx */
import type { FileEntry } from "../state/items.ts";
import { FilePath } from "./FilePath.tsx";
import type { ListItemProps } from "./ListSection.tsx";

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
