/** @jsxImportSource @opentui/solid */
import { For } from "solid-js";
import { roleColor, spanAttributes } from "../dist/tui/core.js";

/** Rows of styled spans (the terminal target's output) in the theme's colours. */
export function Rows(props) {
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
