/** @jsxImportSource @agent-hud/ujsx */
import type { MemoryItem } from "../state/memory-item.ts";

/** One item: its key as inline code, then the text (a key file's path as code, a decision's summary in bold). */
export function MemoryLine(item: MemoryItem) {
  const detail = item.detail ? ` — ${item.detail}` : "";
  const key = <inlineCode value={item.key} />;
  switch (item.section) {
    case "keyfiles":
      return (
        <item>
          <paragraph>
            {key} <inlineCode value={item.text} />
            {detail}
          </paragraph>
        </item>
      );
    case "decisions":
      return (
        <item>
          <paragraph>
            {key} <strong>{item.text}</strong>
            {detail}
          </paragraph>
        </item>
      );
    case "steps":
      return (
        <item checked={item.done === true}>
          <paragraph>
            {key} {item.text}
          </paragraph>
        </item>
      );
    default:
      return (
        <item>
          <paragraph>
            {key} {item.text}
          </paragraph>
        </item>
      );
  }
}
