/** @jsxImportSource @opentui/solid */
import { createMemo } from "solid-js";
import { dialogRows, summarize } from "../dist/board/core.js";
import { Rows } from "./Rows.tsx";
import type { BoardReader } from "../dist/board/core.js";
import type { ThemeColors } from "./types/host.ts";

const WIDTH = 76;
// a session with no call yet: the ledger summary of no calls, from the one place that builds summaries
const emptySummary = summarize([]);

/**
 * `/hud`: the HUD exactly as the agent last received it, with its density, size and what was left out, and
 * the session's cache ledger below it. It
 * follows the board while open (`tick`): the render of a call is recorded just after the call is sent, so a
 * dialog opened in that moment would otherwise show the call before it for as long as it stays open.
 */
export function HudDialog(props: { reader: BoardReader; sessionID: string; tick: () => number; theme: ThemeColors }) {
  const rows = createMemo(() => {
    props.tick();
    return dialogRows({
      received: props.reader.board.latest(props.sessionID, "received"),
      current: props.reader.board.latest(props.sessionID, "current"),
      off: props.reader.board.isOff(props.sessionID),
      width: WIDTH,
      time: (at) => new Date(at).toLocaleTimeString(),
      ledger: {
        calls: props.reader.ledger(props.sessionID),
        summary: props.reader.ledgerSummary(props.sessionID) ?? emptySummary,
      },
    });
  });
  return (
    <box paddingLeft={2} paddingRight={2} paddingBottom={1} flexDirection="column">
      <Rows rows={rows()} theme={props.theme} />
    </box>
  );
}
