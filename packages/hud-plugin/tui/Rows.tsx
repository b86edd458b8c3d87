/** @jsxImportSource @opentui/solid */
import { For } from "solid-js";
import { roleColor, spanAttributes, type TermLine } from "../dist/board/core.js";
import type { ThemeColors } from "./types/host.ts";

/** Rows of styled spans (the terminal target's output) in the theme's colours. */
export function Rows(props: { rows: TermLine[]; theme: ThemeColors }) {
  return (
    <box flexDirection="column">
      <For each={props.rows}>
        {(row) => (
          <text>
            <For each={row}>
              {(span) => (
                <span style={{ fg: roleColor(props.theme, span.style.role), attributes: spanAttributes(span.style) }}>
                  {span.text}
                </span>
              )}
            </For>
            {row.length === 0 ? " " : ""}
          </text>
        )}
      </For>
    </box>
  );
}
