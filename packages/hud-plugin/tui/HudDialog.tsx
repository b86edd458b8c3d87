/** @jsxImportSource @opentui/solid */
import { hudRows, statusLine } from "../dist/tui/core.js";
import { Rows } from "./Rows.tsx";
import type { HudDesk, TermLine } from "../dist/tui/core.js";
import type { ThemeColors } from "./types/host.ts";

const WIDTH = 76;

/** `/hud`: the HUD exactly as the agent last received it, with its density, size and what was left out. */
export function HudDialog(props: { desk: HudDesk; sessionID: string; theme: ThemeColors }) {
  const received = props.desk.board.shown(props.sessionID, "received");
  const current = props.desk.board.shown(props.sessionID, "current");
  const muted = (text: string): TermLine => [{ text, style: { role: "muted" } }];
  const rows: TermLine[] = [];
  if (!received) rows.push(muted("The agent has not received a HUD in this session yet."));
  else {
    rows.push(statusLine(received));
    const left = Object.entries(received.omitted).filter(([, n]) => (n as number) > 0);
    rows.push(
      muted(
        `received ${new Date(received.at).toLocaleTimeString()} · left out: ${
          left.length ? left.map(([k, n]) => `${n} ${k}`).join(", ") : "nothing"
        }`,
      ),
    );
    if (props.desk.board.isOff(props.sessionID))
      rows.push(muted("switched off: the next request carries no HUD (/hud-on)"));
    if (current && current.at > received.at && current.markdown !== received.markdown)
      rows.push(muted("changed since: the agent gets the new HUD on its next call"));
    rows.push([]);
    rows.push(...hudRows(received, WIDTH));
  }
  rows.push([], muted("/hud-edit to change it · esc to close"));
  return (
    <box paddingLeft={2} paddingRight={2} paddingBottom={1} flexDirection="column">
      <Rows rows={rows} theme={props.theme} />
    </box>
  );
}
